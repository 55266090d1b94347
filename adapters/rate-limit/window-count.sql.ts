import { decide, windowStartOf, type WindowDecision, type WindowState } from '../../application/rate-limiting/sliding-window.js';
import type { RateLimitDecision } from '../../application/ports/rate-limiter.js';

export const PERIOD_MS = 60_000;

/** The window columns a counting statement returns, as PostgreSQL sends them. */
export interface WindowRow {
  window_start: string | number;
  current_count: number;
  previous_count: number;
}

export const toState = (row: WindowRow): WindowState => ({
  windowStart: Number(row.window_start),
  currentCount: row.current_count,
  previousCount: row.previous_count,
});

/**
 * The upsert that counts one request in a bucket only when the condition of `sliding-window.ts`
 * (`admits`) holds, evaluated under the row's lock so that every process on one database enforces one
 * shared limit. `rows` is SQL yielding `(bucket)`; `limit` the requests-per-minute expression; the
 * window's three values (`windowValues`) are parameters `$first` to `$first + 2`.
 * Returns the stored window after counting; no row means refused.
 */
export const countRequestSql = (rows: string, limit: string, first: number): string => {
  const start = `$${first}::bigint`;
  const previousStart = `$${first + 1}::bigint`;
  const remainingMs = `$${first + 2}::bigint`;
  const previous = `(case when w.window_start = ${start} then w.previous_count when w.window_start = ${previousStart} then w.current_count else 0 end)`;
  const current = `(case when w.window_start = ${start} then w.current_count else 0 end)`;
  return `insert into rate_limit_windows as w (bucket, window_start, current_count, previous_count)
      select bucket, ${start}, 1, 0 from (${rows}) as counted(bucket)
      on conflict (bucket) do update set previous_count = ${previous}, current_count = ${current} + 1, window_start = ${start}
      where ${previous} * ${remainingMs} + (${current} + 1) * ${PERIOD_MS}::bigint <= (${limit}) * ${PERIOD_MS}::bigint
      returning window_start, current_count, previous_count`;
};

/** The parameters of `countRequestSql` at `now`: window start, previous window's start, milliseconds left of the overlap. */
export const windowValues = (now: Date): [number, number, number] => {
  const nowMs = now.getTime();
  const start = windowStartOf(nowMs, PERIOD_MS);
  return [start, start - PERIOD_MS, PERIOD_MS - Math.min(nowMs - start, PERIOD_MS)];
};

/** The decision for a counted request, its headers recomputed from the stored state. */
export const admitted = (row: WindowRow, now: Date, limit: number): RateLimitDecision => {
  const state = toState(row);
  const before = { ...state, currentCount: state.currentCount - 1 };
  return toDecision({ ...decide(before, now.getTime(), limit, PERIOD_MS), allowed: true, retryAfterMs: 0 }, limit);
};

/** The decision for a refused request, from the window as stored (null: none yet). */
export const refused = (stored: WindowRow | null, now: Date, limit: number): RateLimitDecision => {
  const decision = decide(stored ? toState(stored) : null, now.getTime(), limit, PERIOD_MS);
  // The database refused the request; report it as refused even if a concurrent change freed room since.
  return toDecision({ ...decision, allowed: false, remaining: 0, retryAfterMs: Math.max(1, decision.retryAfterMs) }, limit);
};

const toDecision = (d: WindowDecision, limit: number): RateLimitDecision => ({
  allowed: d.allowed,
  limit,
  remaining: d.remaining,
  resetAt: Math.ceil(d.resetAtMs / 1000),
  retryAfterSeconds: Math.ceil(d.retryAfterMs / 1000),
});
