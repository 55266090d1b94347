import type { AffiliateBanStore } from '../../../application/ports/affiliate-ban-store.js';
import type { AffiliateRepository, MembershipRepository } from '../../../application/ports/affiliate-repository.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { ConversionQueries } from '../../../application/ports/conversion-queries.js';
import type { PayoutQueries } from '../../../application/ports/payout-queries.js';
import { isOpenPayout, planBan, type Conversion, type Membership } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { requireId } from '../../http/routes/path-id.js';
import type { Previewer } from './confirm-first.js';
import { conversionRow } from './money-previews.js';
import { totalsOf, type PreviewRow } from './preview.js';

export interface BanPreviewDependencies {
  readonly affiliates: Pick<AffiliateRepository, 'findById'>;
  readonly memberships: Pick<MembershipRepository, 'find'>;
  readonly bans: Pick<AffiliateBanStore, 'find' | 'campaignIdsOf' | 'openSalesOf'>;
  readonly conversionQueries: Pick<ConversionQueries, 'get'>;
  readonly payoutQueries: Pick<PayoutQueries, 'list'>;
  readonly clock: Clock;
}

const membershipRow = (m: Membership, to: string): PreviewRow => ({
  type: 'membership',
  id: m.id,
  currency: null,
  before: { campaignId: m.campaignId, status: m.status, updatedAt: m.updatedAt.toISOString() },
  after: { campaignId: m.campaignId, status: to },
  owedBefore: null,
  owedAfter: null,
});

/**
 * `ban_affiliate`: the ban as the domain plans it (the same `planBan` the call runs, on the rows
 * read now): each membership suspended or rejected, each pending or held sale rejected, each
 * approved unpaid sale held with its queued payout cancelled, totals of what the affiliate is owed
 * per currency. A sale whose payout is with the provider already is left approved (a warning).
 */
export const banPreview =
  (deps: BanPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const affiliateId = requireId(typeof args.id === 'string' ? args.id : '', 'Affiliate');
    const affiliate = await deps.affiliates.findById(ctx.tenant, affiliateId);
    if (!affiliate) throw new ApiError('not_found', 'Affiliate not found');
    const memberships: Membership[] = [];
    for (const campaignId of await deps.bans.campaignIdsOf(ctx.tenant, affiliateId)) {
      const m = await deps.memberships.find(ctx.tenant, affiliateId, campaignId);
      if (m) memberships.push(m);
    }
    const open = await deps.bans.openSalesOf(ctx.tenant, affiliateId);
    const conversions: Conversion[] = [];
    for (const sale of open) {
      const found = await deps.conversionQueries.get(ctx.tenant, sale.conversionId);
      if (found) conversions.push(found.conversion);
    }
    const plan = planBan({
      affiliateId,
      reason: typeof args.reason === 'string' ? args.reason : '',
      current: await deps.bans.find(ctx.tenant, affiliateId),
      memberships,
      conversions,
      now: deps.clock.now(),
    });
    if (plan.isErr()) throw ApiError.from(plan.error);

    const withPayout = open.filter((s) => s.hasPayout).map((s) => s.conversionId);
    const payouts = withPayout.length === 0 ? [] : (await deps.payoutQueries.list(ctx.tenant, { affiliateId }, { page: 1, limit: 1000 })).items;
    const payoutOf = new Map(payouts.filter((p) => withPayout.includes(p.conversionId)).map((p) => [p.conversionId, p]));
    const byId = new Map(conversions.map((c) => [c.id, c]));
    const rows: PreviewRow[] = plan.value.memberships.map((change) => {
      const before = memberships.find((m) => m.id === change.membership.id) ?? change.membership;
      return membershipRow(before, change.membership.status);
    });
    const warnings: string[] = [];
    const payoutRows: PreviewRow[] = [];
    for (const change of [...plan.value.rejected, ...plan.value.held]) {
      const before = byId.get(change.conversion.id);
      if (!before) continue;
      const payout = payoutOf.get(before.id);
      if (change.cancelsQueuedPayout && payout && !isOpenPayout(payout.status)) {
        // The ban leaves this sale as it is: its money is with the provider (or paid) already.
        rows.push(conversionRow(before, { status: before.status, commission: before.commission }));
        warnings.push(`Conversion ${before.id} stays ${before.status}: its payout ${payout.id} is ${payout.status} and cannot be stopped`);
        continue;
      }
      rows.push(conversionRow(before, { status: change.conversion.status, commission: change.conversion.commission }));
      if (change.cancelsQueuedPayout && payout) {
        // The same money as the conversion's row: shown, not counted twice in the totals.
        payoutRows.push({
          type: 'payout',
          id: payout.id,
          currency: payout.currency,
          before: { status: payout.status, amount: payout.amount.toFixed(), conversionId: before.id, updatedAt: payout.updatedAt.toISOString() },
          after: { status: 'cancelled', amount: payout.amount.toFixed(), conversionId: before.id },
          owedBefore: null,
          owedAfter: null,
        });
      }
    }
    rows.push(...payoutRows);
    const count = (type: PreviewRow['type'], to: string) => rows.filter((r) => r.type === type && r.after.status === to && r.before.status !== to).length;
    const summary =
      `Ban affiliate ${affiliate.name}: ${count('membership', 'suspended')} membership(s) suspended, ${count('membership', 'rejected')} rejected; ` +
      `${count('conversion', 'rejected')} sale(s) rejected, ${count('conversion', 'held')} held; ${payoutRows.length} queued payout(s) cancelled`;
    return { summary, rows, totals: totalsOf(rows), warnings };
  };
