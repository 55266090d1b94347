import { sql } from 'kysely';
import type { ExchangeRates } from '../../../application/ports/exchange-rates.js';
import { Decimal, type CurrencyCode, type DatedRate, type ExchangeRateTable } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/** The dated rate table in PostgreSQL (`exchange_rates`), seeded from the shipped snapshot; `source` says who set each rate. */
export class SqlExchangeRates implements ExchangeRates {
  constructor(private readonly orm: Orm) {}

  /** Per currency: the latest rate on or before `day`, else (rates all newer) the earliest one. */
  async tableFor(day: string): Promise<ExchangeRateTable> {
    const { rows } = await sql<{ currency: string; usd_per_unit: string; rate_date: string }>`
      select distinct on (currency) currency, usd_per_unit::text as usd_per_unit, rate_date::text as rate_date
      from exchange_rates
      order by currency, (rate_date > ${day}::date), abs(rate_date - ${day}::date)`.execute(currentDb(this.orm));
    return {
      day,
      usdPerUnit: new Map(rows.map((r) => [r.currency as CurrencyCode, new Decimal(r.usd_per_unit)])),
      rateDays: new Map(rows.map((r) => [r.currency as CurrencyCode, r.rate_date])),
    };
  }

  async history(currencies: readonly CurrencyCode[], fromDay: string, toDay: string): Promise<readonly DatedRate[]> {
    if (currencies.length === 0) return [];
    const { rows } = await sql<{ currency: string; day: string; usd_per_unit: string }>`
      select e.currency, e.rate_date::text as day, e.usd_per_unit::text as usd_per_unit
      from unnest(${[...currencies]}::text[]) as c (currency)
      join lateral (
        select coalesce(max(rate_date) filter (where rate_date <= ${fromDay}::date), ${fromDay}::date) as since,
               greatest(min(rate_date), ${toDay}::date) as until
        from exchange_rates where currency = c.currency) s on true
      join exchange_rates e on e.currency = c.currency and e.rate_date >= s.since and e.rate_date <= s.until
      order by e.currency, e.rate_date`.execute(currentDb(this.orm));
    return rows.map((r) => ({ currency: r.currency as CurrencyCode, day: r.day, usdPerUnit: new Decimal(r.usd_per_unit) }));
  }

  async store(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<void> {
    await this.upsert(day, usdPerUnit, 'operator');
  }

  storeFromFeed(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<number> {
    return this.upsert(day, usdPerUnit, 'feed');
  }

  /** The feed replaces only its own rates and the snapshot's; the operator replaces any. */
  private async upsert(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>, source: 'operator' | 'feed'): Promise<number> {
    const currencies = [...usdPerUnit.keys()];
    const rates = currencies.map((c) => usdPerUnit.get(c)!.toFixed());
    const result = await sql`
      insert into exchange_rates (rate_date, currency, usd_per_unit, source)
      select ${day}::date, r.currency, r.rate, ${source}
      from unnest(${currencies}::text[], ${rates}::numeric[]) as r (currency, rate)
      on conflict (currency, rate_date) do update set usd_per_unit = excluded.usd_per_unit, source = excluded.source
      where ${source} = 'operator' or exchange_rates.source <> 'operator'`.execute(currentDb(this.orm));
    return Number(result.numAffectedRows ?? 0n);
  }
}
