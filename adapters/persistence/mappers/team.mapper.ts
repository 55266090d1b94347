import type { GoalPeriod } from '../../../application/ports/team-goal-repository.js';
import {
  Decimal,
  type Award,
  type AwardStatus,
  type BonusScope,
  type BonusSplit,
  type BonusType,
  type BonusVisibility,
  type CancelReason,
  type CommissionRate,
  type CommissionType,
  type CurrencyCode,
  type ExcludedCurrency,
  type Goal,
  type GoalMetric,
  type GoalScope,
  type GoalStatus,
  type MemberProgress,
  type PayoutMethod,
  type PeriodMode,
  type Team,
} from '../../../domain/index.js';
import type { Row } from '../schema/index.js';
import { dateOrNull, type Stamp } from './timestamps.js';

type Num = string | number;
const date = (value: Stamp): Date => new Date(value);
const dec = (value: Num): Decimal => new Decimal(value);
const decOrNull = (value: Num | null): Decimal | null => (value === null ? null : new Decimal(value));

export const rateOf = (type: string | null, value: Num | null): CommissionRate | null =>
  type === null || value === null ? null : { type: type as CommissionType, value: dec(value) };

// Teams ------------------------------------------------------------------------------------------

export type TeamRow = Omit<Row<'teams'>, 'mode' | 'version'>;

export const TEAM_COLUMNS = (alias: string) =>
  ['id', 'merchant_id', 'name', 'currency', 'leader_affiliate_id', 'base_commission_type', 'base_commission_value', 'created_at', 'updated_at']
    .map((c) => `${alias}.${c}`)
    .join(', ');

export const teamFromRow = (r: TeamRow): Team => ({
  id: r.id,
  merchantId: r.merchant_id,
  name: r.name,
  currency: r.currency as CurrencyCode,
  leaderAffiliateId: r.leader_affiliate_id,
  baseRate: rateOf(r.base_commission_type, r.base_commission_value),
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
});

// Goals ------------------------------------------------------------------------------------------

export type GoalRow = Omit<Row<'team_goals'>, 'mode' | 'version' | 'current_period_end' | 'bonus_tiers'> & {
  bonus_tiers: { threshold: string; amount: string }[] | null;
};

export const GOAL_COLUMNS = (alias: string) =>
  [
    'id', 'team_id', 'merchant_id', 'name', 'scope', 'campaign_id', 'metric', 'target_value', 'period_mode', 'period_start',
    'period_end', 'bonus_type', 'bonus_value', 'bonus_tiers', 'bonus_cap', 'bonus_scope', 'bonus_split', 'bonus_visibility',
    'refund_safe_days', 'status', 'current_period_key', 'current_period_start', 'created_at', 'updated_at',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');

export const goalFromRow = (r: GoalRow): Goal => ({
  id: r.id,
  teamId: r.team_id,
  merchantId: r.merchant_id,
  name: r.name,
  scope: r.scope as GoalScope,
  campaignId: r.campaign_id,
  metric: r.metric as GoalMetric,
  targetValue: dec(r.target_value),
  periodMode: r.period_mode as PeriodMode,
  periodStart: date(r.period_start),
  periodEnd: dateOrNull(r.period_end),
  bonus: {
    type: r.bonus_type as BonusType,
    value: decOrNull(r.bonus_value),
    tiers: r.bonus_tiers === null ? null : r.bonus_tiers.map((t) => ({ threshold: dec(t.threshold), amount: dec(t.amount) })),
    cap: decOrNull(r.bonus_cap),
    scope: r.bonus_scope as BonusScope,
    split: r.bonus_split as BonusSplit,
  },
  bonusVisibility: r.bonus_visibility as BonusVisibility,
  refundSafeDays: r.refund_safe_days,
  status: r.status as GoalStatus,
  currentPeriodKey: r.current_period_key,
  currentPeriodStart: date(r.current_period_start),
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
});

export const tiersToJson = (goal: Goal): string | null =>
  goal.bonus.tiers === null ? null : JSON.stringify(goal.bonus.tiers.map((t) => ({ threshold: t.threshold.toFixed(), amount: t.amount.toFixed() })));

// Periods ----------------------------------------------------------------------------------------

export type PeriodRow = Omit<Row<'team_goal_periods'>, 'mode' | 'member_ids' | 'campaign_ids' | 'by_member' | 'excluded_by_currency'> & {
  member_ids: string[];
  campaign_ids: string[];
  by_member: { affiliateId: string; contribution: string; count: number; amount: string }[];
  excluded_by_currency: Record<string, { count: number; amount: string }>;
};

export const periodFromRow = (r: PeriodRow): GoalPeriod => ({
  id: r.id,
  goalId: r.goal_id,
  teamId: r.team_id,
  merchantId: r.merchant_id,
  periodKey: r.period_key,
  start: date(r.period_start),
  end: date(r.period_end),
  closedAt: date(r.closed_at),
  windowEndsAt: date(r.window_ends_at),
  settledAt: dateOrNull(r.settled_at),
  memberIds: r.member_ids,
  campaignIds: r.campaign_ids,
  leaderAffiliateId: r.leader_affiliate_id,
  target: dec(r.target_value),
  aggregate: dec(r.aggregate),
  hit: r.hit,
  byMember: r.by_member.map(
    (m): MemberProgress => ({ affiliateId: m.affiliateId, contribution: dec(m.contribution), count: m.count, amount: dec(m.amount) }),
  ),
  excludedByCurrency: new Map(
    Object.entries(r.excluded_by_currency).map(([currency, e]): [CurrencyCode, ExcludedCurrency] => [currency as CurrencyCode, { count: e.count, amount: dec(e.amount) }]),
  ),
  bonusTotal: dec(r.bonus_total),
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
});

export const byMemberToJson = (byMember: readonly MemberProgress[]): string =>
  JSON.stringify(byMember.map((m) => ({ affiliateId: m.affiliateId, contribution: m.contribution.toFixed(), count: m.count, amount: m.amount.toFixed() })));

export const excludedToJson = (excluded: ReadonlyMap<CurrencyCode, ExcludedCurrency>): string =>
  JSON.stringify(Object.fromEntries([...excluded.entries()].map(([c, e]) => [c, { count: e.count, amount: e.amount.toFixed() }])));

// Awards -----------------------------------------------------------------------------------------

export type AwardRow = Omit<Row<'team_awards'>, 'version' | 'next_payout_attempt_at' | 'payment_id' | 'failed_payout_attempts'>;

export const AWARD_COLUMNS = (alias: string) =>
  [
    'id', 'merchant_id', 'mode', 'team_id', 'goal_id', 'period_key', 'affiliate_id', 'amount', 'currency', 'status', 'payable_after',
    'contributing_count', 'contributing_amount', 'approved_at', 'approved_by', 'paid_at', 'payout_method', 'card_transfer_id',
    'failure_reason', 'cancel_reason', 'payout_attempts', 'payout_reference', 'created_at', 'updated_at',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');

export const awardFromRow = (r: AwardRow): Award => ({
  id: r.id,
  merchantId: r.merchant_id,
  teamId: r.team_id,
  goalId: r.goal_id,
  periodKey: r.period_key,
  affiliateId: r.affiliate_id,
  amount: dec(r.amount),
  currency: r.currency as CurrencyCode,
  status: r.status as AwardStatus,
  payableAfter: date(r.payable_after),
  contributingCount: r.contributing_count,
  contributingAmount: dec(r.contributing_amount),
  approvedAt: dateOrNull(r.approved_at),
  approvedBy: r.approved_by,
  paidAt: dateOrNull(r.paid_at),
  payoutMethod: r.payout_method as PayoutMethod | null,
  cardTransferId: r.card_transfer_id,
  failureReason: r.failure_reason,
  cancelReason: r.cancel_reason as CancelReason | null,
  createdAt: date(r.created_at),
  updatedAt: date(r.updated_at),
});
