import type { Notices } from '../ports/notices.js';
import { newApplicationNotice } from '../notifications/notice-texts.js';
import { err, ok, type Result } from 'neverthrow';
import { joinCampaign, type MembershipStatus } from '../../domain/affiliate/membership.js';
import { checkAffiliateLimit, claimBySignup, newAffiliate, type Affiliate, type DomainError, type Mode } from '../../domain/index.js';
import type { AffiliateRepository, MembershipRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { randomCode } from '../shared/random-code.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { insertAffiliate } from './insert-affiliate.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';
import type { AffiliateBanStore } from '../ports/affiliate-ban-store.js';
import type { AffiliateRiskCheck } from '../risk/affiliate-risk.js';

export interface SignUpAffiliateInput {
  readonly merchantId: string;
  readonly campaignId: string;
  readonly email: string;
  readonly name?: string | undefined;
  readonly mode: Mode;
  /** The merchant invited them (an accepted invitation): approved at once, whatever the campaign's setting. */
  readonly invited?: boolean | undefined;
}

export interface SignUpResult {
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly status: MembershipStatus;
  /** false when the affiliate was already on the campaign (nothing changed, no event). */
  readonly joined: boolean;
}

/**
 * Operator `POST /merchants/:id/affiliate-signups`: an affiliate with a login account joins a
 * campaign by itself: `approved` when the campaign auto-approves affiliates, else `pending`, with
 * `affiliate.joined`. The merchant's affiliate with that email (in the mode) is reused; another
 * merchant's with the same email is not looked at, and the person gets a record of their own here.
 * The affiliate's risk signals run as it joins (`affiliate.flagged` when one fires); a banned affiliate
 * joins `pending` even where the campaign auto-approves (and cannot be approved while banned).
 */
export class SignUpAffiliate {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly campaigns: CampaignRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly memberships: MembershipRepository,
    private readonly outbox: EventOutbox,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** Tells the merchant of an application it must review. */
    private readonly notices?: Notices,
    /** The affiliate's risk signals, run as it joins. */
    private readonly risk?: AffiliateRiskCheck,
    /** A banned affiliate's new membership waits for the merchant, whatever the campaign's setting. */
    private readonly bans?: Pick<AffiliateBanStore, 'find'>,
  ) {}

  execute(input: SignUpAffiliateInput): Promise<Result<SignUpResult, DomainError>> {
    const tenant: Tenant = { merchantId: input.merchantId, mode: input.mode };
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const merchant = await this.merchants.findById(input.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));

      let affiliate: Affiliate;
      const existing = await this.affiliates.findByEmail(tenant, input.email);
      if (existing) {
        affiliate = claimBySignup(existing, now);
        const member = await this.memberships.find(tenant, affiliate.id, campaign.id);
        if (member) return ok({ affiliateId: affiliate.id, campaignId: campaign.id, status: member.status, joined: false });
        if (affiliate !== existing) await this.affiliates.update(affiliate);
      } else {
        const room = await this.roomFor(tenant, merchant.affiliateLimit);
        if (room.isErr()) return err(room.error);
        const built = newAffiliate({
          id: this.ids.next(),
          merchantId: input.merchantId,
          email: input.email,
          name: input.name,
          mode: input.mode,
          createdVia: 'signup',
          refCode: randomCode(),
          now,
        });
        if (built.isErr()) return err(built.error);
        const inserted = await insertAffiliate(this.affiliates, built.value);
        if (inserted.isErr()) return err(inserted.error);
        affiliate = inserted.value;
      }

      const change = joinCampaign({
        id: this.ids.next(),
        merchantId: input.merchantId,
        affiliateId: affiliate.id,
        campaignId: campaign.id,
        mode: input.mode,
        autoApprove: (campaign.autoApproveAffiliates || input.invited === true) && !(await this.bans?.find(tenant, affiliate.id)),
        now,
      });
      await this.memberships.insert(tenant, change.membership);
      await this.outbox.record(outboxRowsOf(tenant, change.events, now));
      await this.risk?.check(tenant, affiliate, now);
      if (change.membership.status === 'pending') {
        await this.notices?.notify({ merchantId: tenant.merchantId, mode: tenant.mode, ...newApplicationNotice(affiliate, campaign.name) });
      }
      return ok({ affiliateId: affiliate.id, campaignId: campaign.id, status: change.membership.status, joined: true });
    });
  }

  /** The plan's affiliate limit: only a new affiliate takes room (the merchant's existing one joining another campaign does not). */
  private async roomFor(tenant: Tenant, limit: number | null): Promise<Result<void, DomainError>> {
    if (limit === null) return ok(undefined);
    return checkAffiliateLimit(limit, await this.affiliates.countTowardsLimit(tenant));
  }
}
