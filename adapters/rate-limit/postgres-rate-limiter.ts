import type { RateLimitDecision, RateLimiter } from '../../application/ports/rate-limiter.js';
import { poolDb, type Orm } from '../persistence/orm.js';
import { runSql } from '../persistence/run-sql.js';
import { admitted, countRequestSql, refused, windowValues, type WindowRow } from './window-count.sql.js';

const COUNT = countRequestSql('values ($1::text)', '$2::bigint', 3);
const STORED = 'select window_start, current_count, previous_count from rate_limit_windows where bucket = $1';

/**
 * One statement per request (see `countRequestSql`). Refusals read the row back to compute the headers.
 * The per-merchant count of authenticated requests rides on the key lookup instead
 * (`PostgresApiKeyAdmission`); this limiter serves address buckets and per-route buckets.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly orm: Orm) {}

  async consume(bucket: string, limitPerMinute: number, now: Date): Promise<RateLimitDecision> {
    // On the pool, outside any surrounding transaction: the limiter's row lock must not be held for a whole request.
    const db = poolDb(this.orm);
    const [row] = await runSql<WindowRow>(db, COUNT, [bucket, limitPerMinute, ...windowValues(now)]);
    if (row) return admitted(row, now, limitPerMinute);
    const [stored] = await runSql<WindowRow>(db, STORED, [bucket]);
    return refused(stored ?? null, now, limitPerMinute);
  }
}
