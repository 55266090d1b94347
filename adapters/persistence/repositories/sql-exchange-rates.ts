import { sql } from 'kysely';
import type { ExchangeRates } from '../../../application/ports/exchange-rates.js';
import { Decimal, type CurrencyCode, type ExchangeRateTable } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/** The dated rate table in PostgreSQL (`exchange_rates`), seeded from the shipped snapshot. */
export class SqlExchangeRates implements ExchangeRates {
  constructor(private readonly orm: Orm) {}

  /** Per currency: the latest rate on or before `day`, else (rates all newer) the earliest one. */
  async tableFor(day: string): Promise<ExchangeRateTable> {
    const { rows } = await sql<{ currency: string; usd_per_unit: string }>`
      select distinct on (currency) currency, usd_per_unit::text as usd_per_unit
      from exchange_rates
      order by currency, (rate_date > ${day}::date), abs(rate_date - ${day}::date)`.execute(currentDb(this.orm));
    return { day, usdPerUnit: new Map(rows.map((r) => [r.currency as CurrencyCode, new Decimal(r.usd_per_unit)])) };
  }

  async store(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<void> {
    const currencies = [...usdPerUnit.keys()];
    const rates = currencies.map((c) => usdPerUnit.get(c)!.toFixed());
    await sql`
      insert into exchange_rates (rate_date, currency, usd_per_unit)
      select ${day}::date, r.currency, r.rate
      from unnest(${currencies}::text[], ${rates}::numeric[]) as r (currency, rate)
      on conflict (currency, rate_date) do update set usd_per_unit = excluded.usd_per_unit`.execute(
      currentDb(this.orm),
    );
  }
}
