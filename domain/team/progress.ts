import type { ConversionSource, ConversionStatus } from '../conversion/conversion.js';
import { isUnconfirmedScriptSale } from '../conversion/script-sale.js';
import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import type { GoalMetric, GoalScope } from './goal.js';

/** What goal progress needs to know of one sale. */
export interface ConversionFact {
  readonly affiliateId: string;
  readonly campaignId: string;
  /** The sale (net of tax when tax is set), never reduced by refunds. */
  readonly amount: Decimal;
  readonly refundedAmount: Decimal | null;
  readonly currency: CurrencyCode;
  readonly status: ConversionStatus;
  /** Where the sale was reported from: an unconfirmed script sale counts toward no goal. */
  readonly source: ConversionSource;
  readonly createdAt: Date;
}

/**
 * Sales that count towards a goal: `pending`, `approved` and `paid`. `rejected` and `refunded` sales
 * never count; `held` ones do not either while they are held (a sale under review must not earn a
 * bonus), nor do sales only the tracking script reported until a provider or the merchant confirms
 * them (see `countsFactForGoal`). A partly refunded sale counts what remains of it (revenue) and still counts as one sale.
 */
export const GOAL_COUNTED_STATUSES: readonly ConversionStatus[] = ['pending', 'approved', 'paid'];

export const countsForGoal = (status: ConversionStatus): boolean => GOAL_COUNTED_STATUSES.includes(status);

/** A sale counts toward a goal when its status does and it is not an unconfirmed script sale. */
export const countsFactForGoal = (fact: Pick<ConversionFact, 'status' | 'source'>): boolean => countsForGoal(fact.status) && !isUnconfirmedScriptSale(fact);

/** A member's part of a period. */
export interface MemberProgress {
  readonly affiliateId: string;
  /** Revenue (team currency) or number of conversions, per the goal's metric. */
  readonly contribution: Decimal;
  /** The member's counted sales in the team's currency (revenue goals) or in any currency (conversion goals). */
  readonly count: number;
  /** Their remaining sale amounts in the team's currency. */
  readonly amount: Decimal;
}

export interface ExcludedCurrency {
  readonly count: number;
  readonly amount: Decimal;
}

export interface Progress {
  readonly periodKey: string;
  /** The sum of the members' contributions. */
  readonly aggregate: Decimal;
  /** Every member of the roster, highest contribution first (ties by affiliate id). */
  readonly byMember: readonly MemberProgress[];
  /** Revenue goals: members' counted sales in other currencies, per currency, never converted. Empty for conversion goals. */
  readonly excludedByCurrency: ReadonlyMap<CurrencyCode, ExcludedCurrency>;
}

export interface ProgressInput {
  readonly metric: GoalMetric;
  readonly scope: GoalScope;
  /** The goal's campaign (scope `campaign`). */
  readonly campaignId: string | null;
  /** The team's campaigns (scope `team`). */
  readonly teamCampaignIds: readonly string[];
  /** The roster: only members' sales count. */
  readonly memberIds: readonly string[];
  /** The team's currency. */
  readonly currency: CurrencyCode;
  readonly periodKey: string;
  /** The period: sales created in [from, to); `to` null = up to now (an open period). */
  readonly from: Date;
  readonly to: Date | null;
  readonly facts: readonly ConversionFact[];
}

const remaining = (fact: ConversionFact): Decimal =>
  fact.refundedAmount === null ? fact.amount : Decimal.max(0, fact.amount.minus(fact.refundedAmount));

/**
 * A goal's progress in one period, from the sales alone. Members' counted sales on the scope's
 * campaigns, created in the period, count. Revenue goals add the remaining sale amounts in the team's
 * currency; sales in other currencies are never converted: they are left out and reported per currency
 * in `excludedByCurrency`. Conversion goals count sales in every currency (a count needs no conversion).
 */
export const computeProgress = (input: ProgressInput): Progress => {
  const members = new Set(input.memberIds);
  const campaigns = new Set(input.scope === 'campaign' ? (input.campaignId ? [input.campaignId] : []) : input.teamCampaignIds);
  const from = input.from.getTime();
  const to = input.to === null ? Number.POSITIVE_INFINITY : input.to.getTime();
  const perMember = new Map<string, { count: number; amount: Decimal }>(
    input.memberIds.map((id) => [id, { count: 0, amount: new Decimal(0) }]),
  );
  const excluded = new Map<CurrencyCode, { count: number; amount: Decimal }>();
  for (const fact of input.facts) {
    const at = fact.createdAt.getTime();
    if (at < from || at >= to) continue;
    if (!members.has(fact.affiliateId) || !campaigns.has(fact.campaignId) || !countsFactForGoal(fact)) continue;
    const mine = perMember.get(fact.affiliateId) as { count: number; amount: Decimal };
    if (fact.currency === input.currency) {
      mine.count += 1;
      mine.amount = mine.amount.plus(remaining(fact));
    } else if (input.metric === 'conversions') {
      mine.count += 1;
    } else {
      const other = excluded.get(fact.currency) ?? { count: 0, amount: new Decimal(0) };
      excluded.set(fact.currency, { count: other.count + 1, amount: other.amount.plus(remaining(fact)) });
    }
  }
  const byMember: MemberProgress[] = [...perMember.entries()].map(([affiliateId, figures]) => ({
    affiliateId,
    contribution: input.metric === 'revenue' ? figures.amount : new Decimal(figures.count),
    count: figures.count,
    amount: figures.amount,
  }));
  byMember.sort((a, b) => b.contribution.comparedTo(a.contribution) || (a.affiliateId < b.affiliateId ? -1 : a.affiliateId > b.affiliateId ? 1 : 0));
  const aggregate = byMember.reduce((sum, m) => sum.plus(m.contribution), new Decimal(0));
  const sortedExcluded = new Map([...excluded.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { periodKey: input.periodKey, aggregate, byMember, excludedByCurrency: sortedExcluded };
};

/** Whether the period reached the target. */
export const isTargetHit = (aggregate: Decimal, target: Decimal): boolean => aggregate.gte(target);

/** Progress as a percentage of the target, one decimal (no cap: 150 means half again over). */
export const progressPct = (aggregate: Decimal, target: Decimal): number =>
  target.lte(0) ? 0 : Number(aggregate.times(100).dividedBy(target).toDecimalPlaces(1, Decimal.ROUND_DOWN).toFixed(1));
