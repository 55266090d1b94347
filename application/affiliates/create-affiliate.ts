import { err, ok, type Result } from 'neverthrow';
import { attachApprovedMembership } from '../../domain/affiliate/membership.js';
import {
  checkAffiliateLimit,
  duplicateAffiliateEmail,
  newAffiliate,
  type Affiliate,
  type DomainError,
  type Merchant,
} from '../../domain/index.js';
import type { AffiliateRepository, MembershipRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { randomCode } from '../shared/random-code.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { insertAffiliate } from './insert-affiliate.js';
import type { AffiliateRiskCheck } from '../risk/affiliate-risk.js';
import { TrackingLinks, type AffiliateListItem } from './tracking-links.js';

export interface CreateAffiliateInput {
  readonly tenant: Tenant;
  readonly email: string;
  readonly name?: string | undefined;
  readonly campaignId: string;
}

/**
 * `POST /affiliates`: a headless affiliate (no login account), approved on the campaign at once,
 * `createdVia: api`. The email is unique within the merchant's program (case-insensitive, per mode;
 * another merchant's affiliates play no part) and the plan's affiliate limit applies. The merchant
 * row is locked so that concurrent creates count correctly and the second of two with one email sees the first.
 */
export class CreateAffiliate {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly campaigns: CampaignRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly memberships: MembershipRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly links: TrackingLinks,
    /** The affiliate's risk signals, run as it is created. */
    private readonly risk?: AffiliateRiskCheck,
  ) {}

  execute(input: CreateAffiliateInput): Promise<Result<AffiliateListItem, DomainError>> {
    const { tenant } = input;
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const built = newAffiliate({
        id: this.ids.next(),
        merchantId: tenant.merchantId,
        email: input.email,
        name: input.name,
        mode: tenant.mode,
        createdVia: 'api',
        refCode: randomCode(),
        now,
      });
      if (built.isErr()) return err(built.error);
      const merchant = await this.merchants.findByIdForUpdate(tenant.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      // Only this merchant's affiliates count: another merchant's with the same email neither blocks nor shows.
      if (await this.affiliates.findByEmail(tenant, built.value.email)) return err(duplicateAffiliateEmail());
      const room = checkAffiliateLimit(merchant.affiliateLimit, await this.affiliates.countTowardsLimit(tenant));
      if (room.isErr()) return err(room.error);

      const inserted = await insertAffiliate(this.affiliates, built.value);
      if (inserted.isErr()) return err(inserted.error);
      const affiliate = inserted.value;
      const membership = attachApprovedMembership({
        id: this.ids.next(),
        merchantId: tenant.merchantId,
        affiliateId: affiliate.id,
        campaignId: campaign.id,
        mode: tenant.mode,
        now,
      });
      await this.memberships.insert(tenant, membership);
      await this.risk?.check(tenant, affiliate, now);
      return ok(this.item(merchant, affiliate, campaign.id, campaign.name, campaign.trackingCode, now));
    });
  }

  private item(
    merchant: Merchant,
    affiliate: Affiliate,
    campaignId: string,
    campaignName: string,
    campaignTrackingCode: string,
    joinedAt: Date,
  ): AffiliateListItem {
    return {
      affiliate,
      merchantId: merchant.id,
      campaignId,
      campaignName,
      campaignTrackingCode,
      status: 'approved',
      joinedAt,
      trackingLink: this.links.for(merchant, campaignTrackingCode, affiliate.refCode),
    };
  }
}
