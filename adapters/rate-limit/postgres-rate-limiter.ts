import { sql } from 'kysely';
import type { RateLimitDecision, RateLimiter } from '../../application/ports/rate-limiter.js';
import { decide, windowStartOf, type WindowDecision, type WindowState } from '../../application/rate-limiting/sliding-window.js';
import { currentEm, type Orm } from '../persistence/orm.js';
import { PREPARED } from '../persistence/prepared-statements.js';

const PERIOD_MS = 60_000;

interface WindowRow {
  window_start: string | number;
  current_count: number;
  previous_count: number;
}

const toState = (row: WindowRow): WindowState => ({
  windowStart: Number(row.window_start),
  currentCount: row.current_count,
  previousCount: row.previous_count,
});

/**
 * One statement per request: the upsert rolls the stored window forward and counts the request only
 * when the condition of `sliding-window.ts` (`admits`) holds, under the row's lock, so every process
 * on one database enforces one shared limit. Refusals read the row back to compute the headers.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly orm: Orm) {}

  async consume(bucket: string, limitPerMinute: number, now: Date): Promise<RateLimitDecision> {
    const nowMs = now.getTime();
    const start = windowStartOf(nowMs, PERIOD_MS);
    // Outside any surrounding transaction: the limiter's row lock must not be held for a whole request.
    const db = currentEm(this.orm).fork().getKysely();
    const previous = sql`(case when w.window_start = ${start} then w.previous_count
      when w.window_start = ${start - PERIOD_MS} then w.current_count else 0 end)`;
    const current = sql`(case when w.window_start = ${start} then w.current_count else 0 end)`;
    const elapsed = Math.min(nowMs - start, PERIOD_MS);
    const counted = await sql<WindowRow>`${PREPARED}
      insert into rate_limit_windows as w (bucket, window_start, current_count, previous_count)
      values (${bucket}, ${start}, 1, 0)
      on conflict (bucket) do update set
        previous_count = ${previous}, current_count = ${current} + 1, window_start = ${start}
      where ${previous} * ${PERIOD_MS - elapsed} + (${current} + 1) * ${PERIOD_MS} <= ${limitPerMinute * PERIOD_MS}
      returning window_start, current_count, previous_count`.execute(db);
    const row = counted.rows[0];
    if (row) {
      const state = toState(row);
      // Recompute the headers from the stored state: `decide` on the state before this request.
      const before = { ...state, currentCount: state.currentCount - 1 };
      return toDecision({ ...decide(before, nowMs, limitPerMinute, PERIOD_MS), allowed: true, retryAfterMs: 0 }, limitPerMinute);
    }
    const stored = await sql<WindowRow>`
      select window_start, current_count, previous_count from rate_limit_windows where bucket = ${bucket}`.execute(db);
    const decision = decide(stored.rows[0] ? toState(stored.rows[0]) : null, nowMs, limitPerMinute, PERIOD_MS);
    // The database refused the request; report it as refused even if a concurrent change freed room since.
    return toDecision({ ...decision, allowed: false, remaining: 0, retryAfterMs: Math.max(1, decision.retryAfterMs) }, limitPerMinute);
  }
}

const toDecision = (d: WindowDecision, limit: number): RateLimitDecision => ({
  allowed: d.allowed,
  limit,
  remaining: d.remaining,
  resetAt: Math.ceil(d.resetAtMs / 1000),
  retryAfterSeconds: Math.ceil(d.retryAfterMs / 1000),
});
