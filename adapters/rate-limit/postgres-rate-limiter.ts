import { sql } from 'kysely';
import type { RateLimitDecision, RateLimiter } from '../../application/ports/rate-limiter.js';
import { currentEm, type Orm } from '../persistence/orm.js';
import { PREPARED } from '../persistence/prepared-statements.js';
import { admitted, countRequest, refused, type WindowRow } from './window-count.sql.js';

/**
 * One statement per request (see `countRequest`). Refusals read the row back to compute the headers.
 * The per-merchant count of authenticated requests rides on the key lookup instead
 * (`PostgresApiKeyAdmission`); this limiter serves address buckets and per-route buckets.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly orm: Orm) {}

  async consume(bucket: string, limitPerMinute: number, now: Date): Promise<RateLimitDecision> {
    // Outside any surrounding transaction: the limiter's row lock must not be held for a whole request.
    const db = currentEm(this.orm).fork().getKysely();
    const counted = await sql<WindowRow>`${PREPARED}${countRequest(sql`values (${bucket})`, sql`${limitPerMinute}::int`, now)}`.execute(db);
    const row = counted.rows[0];
    if (row) return admitted(row, now, limitPerMinute);
    const stored = await sql<WindowRow>`
      select window_start, current_count, previous_count from rate_limit_windows where bucket = ${bucket}`.execute(db);
    return refused(stored.rows[0] ?? null, now, limitPerMinute);
  }
}
