import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { AwardStatus } from '../team/award.js';
import type { GoalStatus } from '../team/goal.js';
import { baseKeyOf, baseOfKey, monthStartOf, nextMonthStartOf, scheduledPeriodEnd, type PeriodMode } from '../team/period.js';

/** Award states that are history: paid where the program ran, or never to be paid. */
export const IMPORTED_AWARD_STATUSES = ['paid', 'cancelled', 'failed'] as const;

/**
 * An imported award is history only. One still waiting (its refund window, approval or the payout) is
 * refused, since the payout job here would pay it a second time; it is settled where it ran.
 */
export const importedAwardStatus = (status: string): Result<AwardStatus, DomainError> => {
  const found = IMPORTED_AWARD_STATUSES.find((s) => s === status.trim().toLowerCase());
  return found ? ok(found) : err(validationError('status', `an award ${status || 'without status'} is not history (paid, cancelled or failed): it would be paid again here`));
};

export interface ImportedGoalPeriod {
  readonly key: string;
  readonly start: Date;
  readonly end: Date | null;
}

interface GoalTimes {
  readonly periodMode: PeriodMode;
  readonly periodStart: Date;
  readonly periodEnd: Date | null;
}

/**
 * The running period of an imported goal. An active monthly goal runs from the month of the import
 * (earlier months were settled where it ran, and their awards come as history), so no period the
 * source closed is closed again here; any other goal keeps its first period.
 */
export const importedGoalPeriod = (goal: GoalTimes & { readonly status: GoalStatus }, now: Date): ImportedGoalPeriod => {
  const start = goal.status === 'active' && goal.periodMode === 'monthly' && goal.periodStart < monthStartOf(now) ? monthStartOf(now) : goal.periodStart;
  return { key: baseKeyOf(goal.periodMode, start), start, end: scheduledPeriodEnd(goal.periodMode, start, goal.periodEnd) };
};

const MONTH_KEY = /^(\d{4})-(\d{2})$/;

/** The bounds of a settled period an imported award names: its UTC month, or the one-time goal's span. */
export const importedAwardPeriod = (key: string, goal: GoalTimes): Result<{ readonly start: Date; readonly end: Date }, DomainError> => {
  const base = baseOfKey(key);
  if (goal.periodMode === 'one_time') {
    return base === 'one_time' ? ok({ start: goal.periodStart, end: goal.periodEnd ?? goal.periodStart }) : err(validationError('period_key', `is not a period of a one-time goal (${key})`));
  }
  const month = MONTH_KEY.exec(base);
  if (!month || Number(month[2]) < 1 || Number(month[2]) > 12) return err(validationError('period_key', `is not a monthly period key YYYY-MM (${key})`));
  const start = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  return ok({ start, end: nextMonthStartOf(start) });
};
