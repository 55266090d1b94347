import { err, ok, type Result } from 'neverthrow';
import { affiliateMode, savePayoutDetails, type Affiliate, type DomainError, type PayoutDetailsInput } from '../../domain/index.js';
import type { AffiliateMembershipRow, AffiliateQueries } from '../ports/affiliate-queries.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
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
 * Operator `POST /affiliates/:id/payout-details` (and the portal's payout details page): the affiliate
 * saves its payout method with its merchant. The details belong to that merchant's record only (the
 * same person at another merchant keeps its own). The first completion records
 * `affiliate.payout_details_completed` for the affiliate's merchant and mode; later saves record none.
 */
export class SavePayoutDetails {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly merchants: MerchantRepository,
    private readonly queries: AffiliateQueries,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly links: TrackingLinks,
    /** Saving payout details runs the affiliate's risk signals at its merchant. */
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
      // An affiliate is one merchant's record (one tenant), so its signals run at that merchant only.
      const tenant = { merchantId: affiliate.merchantId, mode: affiliateMode(affiliate) };
      if (saved.value.events.length > 0) {
        await this.outbox.record(outboxRowsOf(tenant, saved.value.events, now));
      }
      await this.risk.check(tenant, saved.value.affiliate, now);
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
