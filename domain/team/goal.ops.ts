import { err, ok, type Result } from 'neverthrow';
import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import {
  BONUS_TIERS_MAX,
  BONUS_VALUE_MAX,
  currentPeriodEnd,
  GOAL_NAME_MAX,
  GOAL_TARGET_MAX,
  GOALS_NOT_ENDED_MAX,
  isPeriodDue,
  PERCENT_OVER_MAX,
  REFUND_SAFE_DAYS_DEFAULT,
  REFUND_SAFE_DAYS_MAX,
  REFUND_SAFE_DAYS_MIN,
  type BonusScope,
  type BonusSplit,
  type BonusTier,
  type BonusType,
  type BonusVisibility,
  type Goal,
  type GoalMetric,
  type GoalScope,
} from './goal.js';
import { invalidGoalTransition, staleGoal, tooManyGoals } from './goal.errors.js';
import { baseKeyOf, freshPeriodKey, type PeriodMode } from './period.js';

// ---------------------------------------------------------------------------------------------------
// Creation

export interface NewGoal {
  readonly name: string;
  readonly metric?: GoalMetric | undefined;
  readonly targetValue: Decimal;
  readonly periodMode?: PeriodMode | undefined;
  readonly scope?: GoalScope | undefined;
  readonly campaignId?: string | null | undefined;
  readonly bonusType?: BonusType | undefined;
  readonly bonusValue?: Decimal | null | undefined;
  readonly bonusTiers?: readonly BonusTier[] | null | undefined;
  readonly bonusCap?: Decimal | null | undefined;
  readonly bonusScope?: BonusScope | undefined;
  readonly bonusSplit?: BonusSplit | undefined;
  readonly bonusVisibility?: BonusVisibility | undefined;
  readonly refundSafeDays?: number | undefined;
  /** Extension: when counting starts (default now; never in the future). */
  readonly periodStart?: Date | null | undefined;
  /** Extension, one-time goals only: when the period ends on its own (after now and after periodStart). */
  readonly periodEnd?: Date | null | undefined;
}

export interface NewGoalContext {
  readonly id: string;
  readonly teamId: string;
  readonly merchantId: string;
  /** The team's currency: revenue targets and money bonuses are in it. */
  readonly currency: CurrencyCode;
  /** Campaigns assigned to the team (a `campaign` goal must name one). */
  readonly teamCampaignIds: readonly string[];
  /** Goals of the team that have not ended (active). */
  readonly activeGoalCount: number;
  readonly now: Date;
}

const moneyProblems = (
  value: Decimal,
  field: string,
  currency: CurrencyCode,
  options: { max: Decimal; positive: boolean },
): FieldProblem[] => {
  if (!value.isFinite()) return [{ field, message: 'must be a finite number' }];
  if (options.positive ? value.lte(0) : value.isNegative()) {
    return [{ field, message: options.positive ? 'must be greater than 0' : 'must be at least 0' }];
  }
  if (value.gt(options.max)) return [{ field, message: `must be at most ${options.max.toFixed()}` }];
  const digits = minorUnitDigits(currency);
  if (value.decimalPlaces() > digits) {
    return [{ field, message: `must have at most ${digits} decimal places in ${currency.toUpperCase()}` }];
  }
  return [];
};

const targetProblems = (metric: GoalMetric, value: Decimal, currency: CurrencyCode): FieldProblem[] => {
  if (metric === 'conversions') {
    if (!value.isInteger()) return [{ field: 'targetValue', message: 'must be a whole number of conversions' }];
    if (value.lte(0)) return [{ field: 'targetValue', message: 'must be greater than 0' }];
    if (value.gt(GOAL_TARGET_MAX)) return [{ field: 'targetValue', message: `must be at most ${GOAL_TARGET_MAX.toFixed()}` }];
    return [];
  }
  return moneyProblems(value, 'targetValue', currency, { max: GOAL_TARGET_MAX, positive: true });
};

/** Every rule of the spec's goal create (and this service's, see docs/api/teams.md), each naming its field. */
export const goalProblems = (input: NewGoal, context: NewGoalContext): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  const { currency } = context;
  const metric = input.metric ?? 'revenue';
  const scope = input.scope ?? 'team';
  const bonusType = input.bonusType ?? 'flat';
  const periodMode = input.periodMode ?? 'monthly';
  const name = input.name.trim();
  if (name.length < 1) problems.push({ field: 'name', message: 'must not be empty' });
  if (name.length > GOAL_NAME_MAX) problems.push({ field: 'name', message: `must be at most ${GOAL_NAME_MAX} characters` });
  problems.push(...targetProblems(metric, input.targetValue, currency));

  if (scope === 'campaign') {
    if (!input.campaignId) problems.push({ field: 'campaignId', message: 'is required when scope is campaign' });
    else if (!context.teamCampaignIds.includes(input.campaignId)) {
      problems.push({ field: 'campaignId', message: "must be one of the team's campaigns" });
    }
  } else if (input.campaignId) {
    problems.push({ field: 'campaignId', message: 'is only allowed when scope is campaign' });
  }

  const value = input.bonusValue ?? null;
  const tiers = input.bonusTiers ?? null;
  if (bonusType === 'flat') {
    if (value === null) problems.push({ field: 'bonusValue', message: 'is required for a flat bonus' });
    else problems.push(...moneyProblems(value, 'bonusValue', currency, { max: BONUS_VALUE_MAX, positive: true }));
  } else if (bonusType === 'percent_over') {
    if (metric !== 'revenue') problems.push({ field: 'bonusType', message: 'percent_over needs metric revenue (a percent of surplus money)' });
    if (value === null) problems.push({ field: 'bonusValue', message: 'is required for a percent_over bonus (a percent)' });
    else if (value.lte(0) || value.gt(PERCENT_OVER_MAX)) {
      problems.push({ field: 'bonusValue', message: `must be a percent greater than 0 and at most ${PERCENT_OVER_MAX.toFixed()}` });
    } else if (value.decimalPlaces() > 4) problems.push({ field: 'bonusValue', message: 'must have at most 4 decimal places' });
  } else if (value !== null) {
    problems.push({ field: 'bonusValue', message: 'is not used by a tiered bonus; give bonusTiers' });
  }
  if (bonusType === 'tiered') {
    if (tiers === null || tiers.length === 0) problems.push({ field: 'bonusTiers', message: 'is required for a tiered bonus (1 to 10 tiers)' });
    else if (tiers.length > BONUS_TIERS_MAX) problems.push({ field: 'bonusTiers', message: `must have at most ${BONUS_TIERS_MAX} tiers` });
    else {
      const seen = new Set<string>();
      tiers.forEach((tier, i) => {
        problems.push(
          ...targetProblems(metric, tier.threshold, currency).map((p) => ({ ...p, field: `bonusTiers.${i}.threshold` })),
          ...moneyProblems(tier.amount, `bonusTiers.${i}.amount`, currency, { max: BONUS_VALUE_MAX, positive: true }),
        );
        const key = tier.threshold.toFixed();
        if (seen.has(key)) problems.push({ field: `bonusTiers.${i}.threshold`, message: 'must differ from the other thresholds' });
        seen.add(key);
      });
    }
  } else if (tiers !== null) {
    problems.push({ field: 'bonusTiers', message: 'is only allowed for a tiered bonus' });
  }
  if (input.bonusCap !== undefined && input.bonusCap !== null) {
    problems.push(...moneyProblems(input.bonusCap, 'bonusCap', currency, { max: GOAL_TARGET_MAX, positive: true }));
  }

  const days = input.refundSafeDays ?? REFUND_SAFE_DAYS_DEFAULT;
  if (!Number.isInteger(days) || days < REFUND_SAFE_DAYS_MIN || days > REFUND_SAFE_DAYS_MAX) {
    problems.push({ field: 'refundSafeDays', message: `must be a whole number from ${REFUND_SAFE_DAYS_MIN} to ${REFUND_SAFE_DAYS_MAX}` });
  }

  const start = input.periodStart ?? context.now;
  if (start.getTime() > context.now.getTime()) problems.push({ field: 'periodStart', message: 'must not be in the future' });
  const end = input.periodEnd ?? null;
  if (end !== null) {
    if (periodMode !== 'one_time') problems.push({ field: 'periodEnd', message: 'is only allowed for a one_time goal (monthly periods end with each month)' });
    else if (end.getTime() <= Math.max(start.getTime(), context.now.getTime())) {
      problems.push({ field: 'periodEnd', message: 'must be after periodStart and in the future' });
    }
  }
  return problems;
};

/** Bonus tiers in the order a goal keeps them: by threshold, lowest first. */
export const sortTiers = (tiers: readonly BonusTier[]): BonusTier[] =>
  [...tiers].sort((a, b) => a.threshold.comparedTo(b.threshold));

/**
 * A new `active` goal with the spec's defaults. Validation problems answer `400 validation_error`
 * (all of them at once); then a team that already runs 10 goals answers `409 too_many_goals`.
 * The first period starts at `periodStart` (default now): a monthly goal's first period is the rest
 * of that month.
 */
export const createGoal = (input: NewGoal, context: NewGoalContext): Result<Goal, DomainError> => {
  const problems = goalProblems(input, context);
  if (problems.length > 0) {
    return err(domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems));
  }
  if (context.activeGoalCount >= GOALS_NOT_ENDED_MAX) return err(tooManyGoals());
  const periodMode = input.periodMode ?? 'monthly';
  const bonusType = input.bonusType ?? 'flat';
  const start = input.periodStart ?? context.now;
  return ok({
    id: context.id,
    teamId: context.teamId,
    merchantId: context.merchantId,
    name: input.name.trim(),
    scope: input.scope ?? 'team',
    campaignId: (input.scope ?? 'team') === 'campaign' ? (input.campaignId ?? null) : null,
    metric: input.metric ?? 'revenue',
    targetValue: input.targetValue,
    periodMode,
    periodStart: start,
    periodEnd: input.periodEnd ?? null,
    bonus: {
      type: bonusType,
      value: bonusType === 'tiered' ? null : (input.bonusValue ?? null),
      tiers: bonusType === 'tiered' && input.bonusTiers ? sortTiers(input.bonusTiers) : null,
      cap: input.bonusCap ?? null,
      scope: input.bonusScope ?? 'team',
      split: input.bonusSplit ?? 'equal',
    },
    bonusVisibility: input.bonusVisibility ?? 'all',
    refundSafeDays: input.refundSafeDays ?? REFUND_SAFE_DAYS_DEFAULT,
    status: 'active',
    currentPeriodKey: baseKeyOf(periodMode, start),
    currentPeriodStart: start,
    createdAt: context.now,
    updatedAt: context.now,
  });
};

// ---------------------------------------------------------------------------------------------------
// The goal state machine

/** A period that just closed: its sales are those created in [start, end). */
export interface ClosedPeriod {
  readonly goalId: string;
  readonly key: string;
  readonly start: Date;
  readonly end: Date;
  /** When the period counts as closed: its scheduled end, or the `close_now` instant. The refund-safe window runs from here. */
  readonly closedAt: Date;
}

export interface GoalChange {
  readonly goal: Goal;
  /** The period this step closed (its awards are to be computed), or null. */
  readonly closed: ClosedPeriod | null;
}

/** `cancel`: active → cancelled. The running period is dropped (no award); awards of earlier periods are untouched. */
export const cancelGoal = (goal: Goal, now: Date): Result<GoalChange, DomainError> => {
  if (goal.status !== 'active') return err(invalidGoalTransition(goal.status, 'cancel'));
  return ok({ goal: { ...goal, status: 'cancelled', updatedAt: now }, closed: null });
};

/**
 * `close_now`: active → ended. The running period closes at `now` (its sales are those up to now) and
 * its awards are computed as for a period that ended on its own.
 */
export const closeGoalNow = (goal: Goal, now: Date): Result<GoalChange, DomainError> => {
  if (goal.status !== 'active') return err(invalidGoalTransition(goal.status, 'close_now'));
  const closed: ClosedPeriod = { goalId: goal.id, key: goal.currentPeriodKey, start: goal.currentPeriodStart, end: now, closedAt: now };
  return ok({ goal: { ...goal, status: 'ended', updatedAt: now }, closed });
};

/**
 * The automatic end of a period (the goal-periods job, at the service clock's `now`). A monthly goal's
 * month closes at the next month's start and the goal stays `active` with the next month as its
 * running period (monthly goals never end on their own). A one-time goal's period closes at its
 * `periodEnd` and the goal becomes `ended`. Not due yet (or not active): ok with nothing changed.
 * A job that ran late calls this again until it reports nothing closed (one month per call).
 */
export const closeDuePeriod = (goal: Goal, now: Date): GoalChange => {
  if (!isPeriodDue(goal, now)) return { goal, closed: null };
  const end = currentPeriodEnd(goal) as Date;
  const closed: ClosedPeriod = { goalId: goal.id, key: goal.currentPeriodKey, start: goal.currentPeriodStart, end, closedAt: end };
  if (goal.periodMode === 'one_time') return { goal: { ...goal, status: 'ended', updatedAt: now }, closed };
  // Month keys only grow, so the next month's key is always fresh.
  return { goal: { ...goal, currentPeriodKey: baseKeyOf('monthly', end), currentPeriodStart: end, updatedAt: now }, closed };
};

export interface ReactivateInput {
  /** The caller's view of the goal's `updatedAt`; must equal it exactly (optimistic concurrency). */
  readonly expectedUpdatedAt: Date;
  readonly now: Date;
  /** Keys of the periods the goal has already closed (a reopened key gets a `#n` suffix). */
  readonly usedPeriodKeys: readonly string[];
  /** Goals of the team that have not ended (active) right now. */
  readonly activeGoalCount: number;
}

/**
 * `reactivate`: ended → active, guarded by `expectedUpdatedAt` (checked first, so of concurrent
 * reactivations with one stale view exactly one succeeds and the rest answer `409 stale_goal`). A new
 * period starts at `now`. A one-time goal whose `periodEnd` has passed runs open-ended from then on
 * (until `close_now`). Cancelled goals stay cancelled (`invalid_transition`); an 11th running goal is
 * `409 too_many_goals`.
 */
export const reactivateGoal = (goal: Goal, input: ReactivateInput): Result<GoalChange, DomainError> => {
  if (goal.updatedAt.getTime() !== input.expectedUpdatedAt.getTime()) return err(staleGoal());
  if (goal.status !== 'ended') return err(invalidGoalTransition(goal.status, 'reactivate'));
  if (input.activeGoalCount >= GOALS_NOT_ENDED_MAX) return err(tooManyGoals());
  const { now } = input;
  const periodEnd = goal.periodEnd !== null && goal.periodEnd.getTime() <= now.getTime() ? null : goal.periodEnd;
  const key = freshPeriodKey(baseKeyOf(goal.periodMode, now), [...input.usedPeriodKeys, goal.currentPeriodKey]);
  return ok({
    goal: { ...goal, status: 'active', periodEnd, currentPeriodKey: key, currentPeriodStart: now, updatedAt: now },
    closed: null,
  });
};
