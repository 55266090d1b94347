import { sql, type RawBuilder } from 'kysely';
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
 * shared limit. `rows` yields `(bucket)`; `limit` is the requests-per-minute expression (a value or a
 * subquery). Returns the stored window after counting; no row means refused.
 */
export const countRequest = (rows: RawBuilder<unknown>, limit: RawBuilder<unknown>, now: Date) => {
  const nowMs = now.getTime();
  const start = windowStartOf(nowMs, PERIOD_MS);
  const elapsed = Math.min(nowMs - start, PERIOD_MS);
  const previous = sql`(case when w.window_start = ${start} then w.previous_count
      when w.window_start = ${start - PERIOD_MS} then w.current_count else 0 end)`;
  const current = sql`(case when w.window_start = ${start} then w.current_count else 0 end)`;
  return sql`insert into rate_limit_windows as w (bucket, window_start, current_count, previous_count)
      select bucket, ${start}::bigint, 1, 0 from (${rows}) as counted(bucket)
      on conflict (bucket) do update set
        previous_count = ${previous}, current_count = ${current} + 1, window_start = ${start}
      where ${previous} * ${PERIOD_MS - elapsed} + (${current} + 1) * ${PERIOD_MS} <= ${limit} * ${PERIOD_MS}
      returning window_start, current_count, previous_count`;
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
