import { err, ok, type Result } from 'neverthrow';
import { domainError, registerCoupon, type DomainError, type NewCoupon } from '../../domain/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { AffiliateStandings, CouponRepository, CouponView } from '../ports/coupon-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { couponEventsToOutbox } from './coupon-events.js';

export interface RegisterCouponInput {
  readonly tenant: Tenant;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly coupon: NewCoupon;
}

/**
 * `POST /coupons`: registers a reference to a code that lives in the provider. The payload rules
 * first (pure), then the merchant's campaign (404), the affiliate known to the merchant in the key's
 * mode (404) and approved on the brand (400 `affiliate_not_approved`), then the row: a duplicate for
 * the same campaign, provider, mode and code is `409 coupon_exists`. The row and `coupon.created`
 * commit together, or nothing is written.
 */
export class RegisterCoupon {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly standings: AffiliateStandings,
    private readonly coupons: CouponRepository,
    private readonly outbox: EventOutbox,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: RegisterCouponInput): Promise<Result<CouponView, DomainError>> {
    const { tenant } = input;
    const now = this.clock.now();
    const registered = registerCoupon(input.coupon, {
      id: this.ids.next(),
      merchantId: tenant.merchantId,
      mode: tenant.mode,
      campaignId: input.campaignId,
      affiliateId: input.affiliateId,
      now,
    });
    if (registered.isErr()) return Promise.resolve(err(registered.error));
    const { coupon, events } = registered.value;
    return transactionalResult(this.uow, async () => {
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      const affiliate = await this.affiliates.findById(tenant, input.affiliateId);
      if (!affiliate) return err(notFound('Affiliate'));
      const statuses = await this.standings.statusesWithMerchant(tenant, affiliate.id);
      if (!statuses.includes('approved')) {
        const standing = statuses.includes('pending') ? 'pending' : 'rejected';
        return err(domainError('affiliate_not_approved', `The affiliate is ${standing} with this merchant; coupons need an approved affiliate`));
      }
      if ((await this.coupons.insert(coupon)) === 'coupon_exists') {
        return err(
          domainError(
            'coupon_exists',
            `Coupon "${coupon.code}" is already registered for this campaign and provider ${coupon.provider}`,
          ),
        );
      }
      await this.outbox.record(couponEventsToOutbox(coupon, events, now));
      return ok({ coupon, campaignName: campaign.name });
    });
  }
}
