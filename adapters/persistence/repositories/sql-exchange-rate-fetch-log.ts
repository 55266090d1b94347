import { sql } from 'kysely';
import type { ExchangeRateFetch, ExchangeRateFetchLog } from '../../../application/ports/exchange-rate-feed.js';
import { currentDb, type Orm } from '../orm.js';

/** `exchange_rate_fetches`: one row per service day, the last try of that day. */
export class SqlExchangeRateFetchLog implements ExchangeRateFetchLog {
  constructor(private readonly orm: Orm) {}

  async find(day: string): Promise<ExchangeRateFetch | null> {
    const { rows } = await sql<{ day: string; attempted_at: Date; rate_date: string | null; error: string | null }>`
      select day::text as day, attempted_at, rate_date::text as rate_date, error from exchange_rate_fetches where day = ${day}::date`.execute(
      currentDb(this.orm),
    );
    const row = rows[0];
    return row ? { day: row.day, attemptedAt: new Date(row.attempted_at), rateDate: row.rate_date, error: row.error } : null;
  }

  /** A success is never replaced by a later failure of the same day. */
  async record(fetch: ExchangeRateFetch): Promise<void> {
    await sql`insert into exchange_rate_fetches (day, attempted_at, rate_date, error)
      values (${fetch.day}::date, ${fetch.attemptedAt}, ${fetch.rateDate}::date, ${fetch.error})
      on conflict (day) do update set attempted_at = excluded.attempted_at, rate_date = excluded.rate_date, error = excluded.error
      where exchange_rate_fetches.rate_date is null or excluded.rate_date is not null`.execute(currentDb(this.orm));
  }
}
