import { Decimal } from '../money/decimal.js';
import { scheduledPeriodEnd, type PeriodMode } from './period.js';

export const GOAL_STATUSES = ['active', 'cancelled', 'ended'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_METRICS = ['revenue', 'conversions'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];
export const GOAL_SCOPES = ['team', 'campaign'] as const;
export type GoalScope = (typeof GOAL_SCOPES)[number];
export const BONUS_TYPES = ['flat', 'tiered', 'percent_over'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
export const BONUS_SCOPES = ['team', 'leader'] as const;
export type BonusScope = (typeof BONUS_SCOPES)[number];
export const BONUS_SPLITS = ['equal', 'proportional'] as const;
export type BonusSplit = (typeof BONUS_SPLITS)[number];
export const BONUS_VISIBILITIES = ['all', 'leaders'] as const;
export type BonusVisibility = (typeof BONUS_VISIBILITIES)[number];
export const GOAL_ACTIONS = ['cancel', 'close_now', 'reactivate'] as const;
export type GoalAction = (typeof GOAL_ACTIONS)[number];

/** Spec, Limits. */
export const GOALS_NOT_ENDED_MAX = 10;
export const GOAL_TARGET_MAX = new Decimal(100_000_000);
export const BONUS_VALUE_MAX = new Decimal(100_000);
export const BONUS_TIERS_MAX = 10;
export const REFUND_SAFE_DAYS_MIN = 7;
export const REFUND_SAFE_DAYS_MAX = 90;
/** The spec gives the range only; two weeks covers the usual card-refund period without delaying bonuses a month. */
export const REFUND_SAFE_DAYS_DEFAULT = 14;
export const GOAL_NAME_MAX = 120;
/** `bonusValue` of a `percent_over` bonus is a percentage. */
export const PERCENT_OVER_MAX = new Decimal(100);

export interface BonusTier {
  /** Reached when the period's aggregate is at least this. */
  readonly threshold: Decimal;
  /** The bonus in the team's currency. */
  readonly amount: Decimal;
}

/** How a hit target turns into money and who receives it. */
export interface BonusRule {
  readonly type: BonusType;
  /** `flat`: the amount; `percent_over`: the percent of what exceeds the target; `tiered`: unused (null). */
  readonly value: Decimal | null;
  /** `tiered` only: ordered by threshold. */
  readonly tiers: readonly BonusTier[] | null;
  /** The most the period's award may total; null = no cap. */
  readonly cap: Decimal | null;
  readonly scope: BonusScope;
  /** How a `team` bonus is divided among the members. */
  readonly split: BonusSplit;
}

/**
 * A team goal. `currentPeriodKey` and `currentPeriodStart` name the running period (for an active goal)
 * or the last one (ended or cancelled goals).
 */
export interface Goal {
  readonly id: string;
  readonly teamId: string;
  readonly merchantId: string;
  readonly name: string;
  readonly scope: GoalScope;
  /** The campaign of a `campaign`-scoped goal; null for `team` scope. */
  readonly campaignId: string | null;
  readonly metric: GoalMetric;
  /** Revenue in the team's currency, or a number of conversions. */
  readonly targetValue: Decimal;
  readonly periodMode: PeriodMode;
  readonly periodStart: Date;
  /** One-time goals only: when the period ends on its own; null = open until `close_now`. */
  readonly periodEnd: Date | null;
  readonly bonus: BonusRule;
  readonly bonusVisibility: BonusVisibility;
  readonly refundSafeDays: number;
  readonly status: GoalStatus;
  readonly currentPeriodKey: string;
  readonly currentPeriodStart: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** When the running period ends on its own (null: one-time goal without an end). */
export const currentPeriodEnd = (goal: Pick<Goal, 'periodMode' | 'currentPeriodStart' | 'periodEnd'>): Date | null =>
  scheduledPeriodEnd(goal.periodMode, goal.currentPeriodStart, goal.periodEnd);

/** Whether the running period of an active goal has reached its scheduled end at `now`. */
export const isPeriodDue = (goal: Goal, now: Date): boolean => {
  if (goal.status !== 'active') return false;
  const end = currentPeriodEnd(goal);
  return end !== null && end.getTime() <= now.getTime();
};
