/**
 * Which monthly partitions of a growing log to make and which to drop, on the service clock. A
 * month is named by its first day (UTC, `YYYY-MM-01`). Months are made from the current one up to
 * `monthsAhead` later, so no write waits for one; a month is dropped only once all of it is older
 * than the retention, so nothing younger than the retention is ever lost.
 */
export interface PartitionPolicy {
  /** Months made after the current one. */
  readonly monthsAhead: number;
  /** Days a row is kept; `null` keeps every row (the default: whatever the API can still show). */
  readonly retentionDays: number | null;
}

export interface PartitionPlan {
  readonly create: readonly string[];
  readonly drop: readonly string[];
}

const DAY_MS = 86_400_000;

const monthStart = (year: number, month: number): Date => new Date(Date.UTC(year, month, 1));

const monthName = (d: Date): string => d.toISOString().slice(0, 10);

/** The month `at` falls in. */
export const monthOf = (at: Date): string => monthName(monthStart(at.getUTCFullYear(), at.getUTCMonth()));

/** The first instant after `month` (a `YYYY-MM-01` name). */
export const monthEnd = (month: string): Date => {
  const start = new Date(`${month}T00:00:00Z`);
  return monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
};

/** Rows older than this are past their retention (`null`: none is). */
export const retentionCutoff = (now: Date, retentionDays: number | null): Date | null =>
  retentionDays === null ? null : new Date(now.getTime() - retentionDays * DAY_MS);

export const partitionPlan = (now: Date, policy: PartitionPolicy, existing: readonly string[]): PartitionPlan => {
  const have = new Set(existing);
  const wanted: string[] = [];
  for (let i = 0; i <= policy.monthsAhead; i += 1) wanted.push(monthName(monthStart(now.getUTCFullYear(), now.getUTCMonth() + i)));
  const cutoff = retentionCutoff(now, policy.retentionDays);
  const drop = cutoff === null ? [] : existing.filter((month) => monthEnd(month).getTime() <= cutoff.getTime()).sort();
  return { create: wanted.filter((month) => !have.has(month)), drop };
};
