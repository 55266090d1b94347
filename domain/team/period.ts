/**
 * Goal periods. `monthly` periods are UTC calendar months keyed `YYYY-MM`; a `one_time` period is keyed
 * `one_time`. A period key is unique per goal: a period opened by a reactivation under a key the goal
 * already closed gets a `#2`, `#3`, ... suffix (`2026-11#2`, `one_time#2`).
 */
export const PERIOD_MODES = ['monthly', 'one_time'] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

export const ONE_TIME_KEY = 'one_time';

/** `YYYY-MM` of the UTC month containing `instant`. */
export const monthKeyOf = (instant: Date): string => instant.toISOString().slice(0, 7);

/** The first instant of the UTC month containing `instant`. */
export const monthStartOf = (instant: Date): Date => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1));

/** The first instant of the UTC month after the one containing `instant`. */
export const nextMonthStartOf = (instant: Date): Date =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1));

/** The month-start of `months - 1` months before `instant`'s month (the oldest of a `months`-long window). */
export const monthsBack = (instant: Date, months: number): Date =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() - (months - 1), 1));

/** The base key of a period starting at `start`. */
export const baseKeyOf = (mode: PeriodMode, start: Date): string => (mode === 'monthly' ? monthKeyOf(start) : ONE_TIME_KEY);

/** The base key without its `#n` suffix. */
export const baseOfKey = (key: string): string => key.split('#')[0] ?? key;

/** The first key, from `base`, `base#2`, `base#3`, ..., that the goal has not used yet. */
export const freshPeriodKey = (base: string, usedKeys: readonly string[]): string => {
  const used = new Set(usedKeys);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}#${n}`)) return `${base}#${n}`;
};

/** When a period starting at `start` ends on its own: the next month start (monthly), the goal's `periodEnd` (one-time; null = open). */
export const scheduledPeriodEnd = (mode: PeriodMode, start: Date, oneTimeEnd: Date | null): Date | null =>
  mode === 'monthly' ? nextMonthStartOf(start) : oneTimeEnd;

export const DAY_MS = 86_400_000;

/** `days` whole days after `instant` (exact milliseconds, UTC). */
export const addDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);
