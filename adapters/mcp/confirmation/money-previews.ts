import type { ConversionQueries } from '../../../application/ports/conversion-queries.js';
import type { PayoutQueries } from '../../../application/ports/payout-queries.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { TeamAwardRepository } from '../../../application/ports/team-award-repository.js';
import type { TeamQueries } from '../../../application/ports/team-queries.js';
import type { TeamRepository } from '../../../application/ports/team-repository.js';
import { approveAward, cancelAward, Decimal, isOpenPayout, markAwardPaid, needsAboveSaleConfirmation, refundConversion, type Award, type Conversion } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { requireId } from '../../http/routes/path-id.js';
import type { Previewer } from './confirm-first.js';
import { totalsOf, type PreviewRow } from './preview.js';

export interface MoneyPreviewDependencies {
  readonly conversionQueries: ConversionQueries;
  readonly payoutQueries: PayoutQueries;
  readonly awards: Pick<TeamAwardRepository, 'view'>;
  readonly teams: Pick<TeamRepository, 'findById' | 'overrides' | 'members'>;
  readonly teamQueries: Pick<TeamQueries, 'campaignViews'>;
  readonly clock: Clock;
}

/** Approved and paid commission is owed to the affiliate; pending, held, rejected and refunded commission is not (yet, or any more). */
const owed = (status: string, commission: Decimal): string => (status === 'approved' || status === 'paid' ? commission.toFixed() : '0');

export const conversionRow = (c: Conversion, after: { status: string; commission: Decimal; refundedAmount?: Decimal | null }): PreviewRow => ({
  type: 'conversion',
  id: c.id,
  currency: c.currency,
  before: { status: c.status, amount: c.amount.toFixed(), commission: c.commission.toFixed(), refundedAmount: c.refundedAmount?.toFixed() ?? null, updatedAt: c.updatedAt.toISOString() },
  after: {
    status: after.status,
    amount: c.amount.toFixed(),
    commission: after.commission.toFixed(),
    refundedAmount: (after.refundedAmount === undefined ? c.refundedAmount : after.refundedAmount)?.toFixed() ?? null,
  },
  owedBefore: owed(c.status, c.commission),
  owedAfter: owed(after.status, after.commission),
});

const stringArg = (args: Record<string, unknown>, field: string): string => {
  const value = args[field];
  if (typeof value !== 'string' || value === '') throw new ApiError('validation_error', `Invalid arguments: ${field} Required`, [{ field, message: 'Required' }]);
  return value;
};

const loadConversion = async (deps: MoneyPreviewDependencies, args: Record<string, unknown>, ctx: { tenant: Parameters<ConversionQueries['get']>[0] }) => {
  const found = await deps.conversionQueries.get(ctx.tenant, requireId(stringArg(args, 'id'), 'Conversion'));
  if (!found) throw new ApiError('not_found', 'Conversion not found');
  return found.conversion;
};

/** `update_conversion`: the conversion's status before and after, and what it then owes. */
export const conversionStatusPreview =
  (deps: MoneyPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const conversion = await loadConversion(deps, args, ctx);
    const status = stringArg(args, 'status');
    const to = status === 'released' ? (conversion.heldFrom ?? conversion.status) : status;
    const warnings: string[] = [];
    if (to === 'approved' && conversion.status !== 'approved' && args.confirmAboveSale !== true && needsAboveSaleConfirmation(conversion)) {
      warnings.push('The commission is above 5 times the sale, or the sale is zero: the confirmed call is refused with commission_above_sale unless confirmAboveSale: true is sent (ask the user first)');
    }
    const rows = [conversionRow(conversion, { status: to, commission: conversion.commission })];
    return { summary: `Conversion ${conversion.id}: ${conversion.status} → ${to}`, rows, totals: totalsOf(rows), warnings };
  };

/** `refund_conversion`: the refund as the domain computes it (status, commission left, refunded so far). */
export const refundPreview =
  (deps: MoneyPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const conversion = await loadConversion(deps, args, ctx);
    const amount = typeof args.amount === 'number' ? new Decimal(args.amount) : undefined;
    const refunded = refundConversion(conversion, { ...(amount ? { amount } : {}), now: deps.clock.now() });
    if (refunded.isErr()) throw ApiError.from(refunded.error);
    const next = refunded.value.conversion;
    const rows = [conversionRow(conversion, { status: next.status, commission: next.commission, refundedAmount: next.refundedAmount })];
    return { summary: `Refund of conversion ${conversion.id}: commission ${conversion.commission.toFixed()} → ${next.commission.toFixed()} ${conversion.currency}`, rows, totals: totalsOf(rows), warnings: [] };
  };

/** `mark_payouts_paid`: each named payout row, open ones becoming completed (paid by the merchant). */
export const markPaidPreview =
  (deps: MoneyPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const ids = Array.isArray(args.ids) ? args.ids.filter((id): id is string => typeof id === 'string') : [];
    if (ids.length === 0) throw new ApiError('validation_error', 'Invalid arguments: ids Required', [{ field: 'ids', message: 'Required' }]);
    const page = await deps.payoutQueries.list(ctx.tenant, { ids }, { page: 1, limit: Math.min(ids.length, 1000) });
    const rows: PreviewRow[] = page.items.map((p) => {
      const after = isOpenPayout(p.status) ? 'completed' : p.status;
      return {
        type: 'payout',
        id: p.id,
        currency: p.currency,
        before: { status: p.status, amount: p.amount.toFixed(), affiliateId: p.affiliateId, updatedAt: p.updatedAt.toISOString() },
        after: { status: after, amount: p.amount.toFixed(), affiliateId: p.affiliateId },
        // Still to pay before; paid by hand after.
        owedBefore: isOpenPayout(p.status) ? p.amount.toFixed() : '0',
        owedAfter: '0',
      };
    });
    const found = new Set(rows.map((row) => row.id));
    const warnings = [
      ...ids.filter((id) => !found.has(id)).map((id) => `No payout row ${id} in this program and mode`),
      ...rows.filter((row) => row.before.status === row.after.status).map((row) => `Payout ${row.id} is ${row.before.status} and will not change`),
    ];
    return { summary: `Mark ${rows.filter((r) => r.before.status !== r.after.status).length} payout row(s) paid by hand`, rows, totals: totalsOf(rows), warnings };
  };

/** An award's money is committed once approved: approved, being paid, paid or failed (to be paid again). */
const awardOwed = (award: Pick<Award, 'status' | 'amount'>): string =>
  ['approved', 'processing', 'paid', 'failed'].includes(award.status) ? award.amount.toFixed() : '0';

/** `update_team_award`: the award's move as the award machine makes it (approve, mark_paid, cancel). */
export const awardActionPreview =
  (deps: MoneyPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const view = await deps.awards.view(ctx.tenant, requireId(stringArg(args, 'awardId'), 'Award'));
    if (!view || view.award.teamId !== stringArg(args, 'id')) throw new ApiError('not_found', 'Award not found');
    const { award } = view;
    const now = deps.clock.now();
    const action = stringArg(args, 'action');
    const moved =
      action === 'approve'
        ? approveAward(award, { approvedBy: 'preview', now })
        : action === 'mark_paid'
          ? markAwardPaid(award, { payoutMethod: award.payoutMethod, now })
          : cancelAward(award, now);
    if (moved.isErr()) throw ApiError.from(moved.error);
    const next = moved.value.award;
    const rows: PreviewRow[] = [
      {
        type: 'award',
        id: award.id,
        currency: award.currency,
        before: { status: award.status, amount: award.amount.toFixed(), affiliateId: award.affiliateId, updatedAt: award.updatedAt.toISOString() },
        after: { status: next.status, amount: next.amount.toFixed(), affiliateId: next.affiliateId },
        owedBefore: awardOwed(award),
        owedAfter: awardOwed(next),
      },
    ];
    return { summary: `Award of ${view.affiliateName} for ${view.goalName} (${view.teamName}): ${award.status} → ${next.status}`, rows, totals: totalsOf(rows), warnings: [] };
  };

const rateText = (rate: { type: string; value: Decimal | number }): string =>
  rate.type === 'percentage' ? `${new Decimal(rate.value).toFixed()}%` : `${new Decimal(rate.value).toFixed()} fixed`;

/**
 * `set_team_overrides`: each named affiliate's rate on the campaign now (its override, else the
 * team's rate there, else the campaign's) and the override it gets; members the call skips say so.
 */
export const overridesPreview =
  (deps: MoneyPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const teamId = requireId(stringArg(args, 'id'), 'Team');
    if (!(await deps.teams.findById(ctx.tenant, teamId))) throw new ApiError('not_found', 'Team not found');
    const campaignId = stringArg(args, 'campaignId');
    const view = (await deps.teamQueries.campaignViews(ctx.tenant, teamId)).find((c) => c.campaignId === campaignId);
    if (!view) throw new ApiError('validation_error', 'campaignId is not one of the team’s campaigns', [{ field: 'campaignId', message: 'is not one of the team’s campaigns' }]);
    const affiliateIds = Array.isArray(args.affiliateIds) ? [...new Set(args.affiliateIds.filter((id): id is string => typeof id === 'string'))] : [];
    const type = stringArg(args, 'commissionType');
    const value = typeof args.commissionValue === 'number' ? args.commissionValue : Number.NaN;
    if (!Number.isFinite(value)) throw new ApiError('validation_error', 'Invalid arguments: commissionValue Required', [{ field: 'commissionValue', message: 'Required' }]);
    const overrides = new Map((await deps.teams.overrides(ctx.tenant, teamId)).filter((o) => o.campaignId === campaignId).map((o) => [o.affiliateId, o.rate]));
    const members = new Set((await deps.teams.members(ctx.tenant, teamId)).map((m) => m.affiliateId));
    const base = view.teamRate ?? view.campaignRate;
    const rows: PreviewRow[] = affiliateIds.map((affiliateId) => {
      const now = overrides.get(affiliateId) ?? base;
      const after = members.has(affiliateId) ? rateText({ type, value }) : rateText(now);
      return { type: 'rate', id: affiliateId, currency: null, before: { campaignId, rate: rateText(now) }, after: { campaignId, rate: after }, owedBefore: null, owedAfter: null };
    });
    const warnings = affiliateIds.filter((id) => !members.has(id)).map((id) => `Affiliate ${id} is not a member of the team and is skipped`);
    return { summary: `Rate on ${view.name} for ${rows.length} affiliate(s) → ${rateText({ type, value })}, for sales from now on`, rows, totals: [], warnings };
  };
