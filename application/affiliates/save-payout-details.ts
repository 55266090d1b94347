import { err, ok, type Result } from 'neverthrow';
import { savePayoutDetails, type Affiliate, type DomainError, type PayoutDetailsInput } from '../../domain/index.js';
import type { AffiliateMembershipRow, AffiliateQueries } from '../ports/affiliate-queries.js';
import type { AffiliateRepository, MembershipRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { withTrackingLink, type AffiliateListItem, type TrackingLinks } from './tracking-links.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';
import type { AffiliateRisk } from '../risk/affiliate-risk.js';

export interface SavedPayoutDetails {
  readonly affiliate: Affiliate;
  /** The affiliate's oldest membership as a list item; null if it has none. */
  readonly item: AffiliateListItem | null;
}

/**
 * Operator `POST /affiliates/:id/payout-details`: the affiliate saves its payout method. The first
 * completion records `affiliate.payout_details_completed` for every merchant (and mode) the affiliate
 * works with, since each merchant's webhooks hear about its own affiliates; later saves record none.
 */
export class SavePayoutDetails {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly memberships: MembershipRepository,
    private readonly merchants: MerchantRepository,
    private readonly queries: AffiliateQueries,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly links: TrackingLinks,
    /** Saving payout details runs the affiliate's risk signals at each of its merchants. */
    private readonly risk: AffiliateRisk,
  ) {}

  execute(affiliateId: string, input: PayoutDetailsInput): Promise<Result<SavedPayoutDetails, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const affiliate = await this.affiliates.findByIdForUpdateAcrossMerchants(affiliateId);
      if (!affiliate) return err(notFound('Affiliate'));
      const now = this.clock.now();
      const saved = savePayoutDetails(affiliate, input, now);
      if (saved.isErr()) return err(saved.error);
      await this.affiliates.update(saved.value.affiliate);
      const tenants = await this.memberships.tenantsOf(affiliate.id);
      if (saved.value.events.length > 0) {
        await this.outbox.record(
          tenants.flatMap((tenant) => outboxRowsOf(tenant, saved.value.events, now)),
        );
      }
      for (const tenant of tenants) await this.risk.check(tenant, saved.value.affiliate, now);
      const row = await this.queries.firstRowAcrossMerchants(affiliate.id);
      return ok({ affiliate: saved.value.affiliate, item: row ? await this.toItem(row) : null });
    });
  }

  private async toItem(row: AffiliateMembershipRow): Promise<AffiliateListItem> {
    const merchant = await this.merchants.findById(row.merchantId);
    if (!merchant) throw new Error(`merchant ${row.merchantId} of a membership is missing`);
    return withTrackingLink(row, merchant, this.links);
  }
}
