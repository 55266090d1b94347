import { Migration } from '@mikro-orm/migrations';
import snapshot from '../seed/exchange-rates-2026-11.json' with { type: 'json' };

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * Limits in one currency: each merchant's reporting currency (every limit and threshold compares in
 * it), where each stored rate came from (the operator's rates win over the daily feed, which may
 * replace the shipped snapshot), rates kept at the precision a euro-based feed derives them with, and
 * the daily feed job's record of its fetches (one row per service day).
 */
export class Migration20261128030001ReportingCurrency extends Migration {
  override up(): void {
    this.addSql(`alter table merchants add column reporting_currency text not null default 'usd' check (reporting_currency ~ '^[a-z]{3}$');`);
    this.addSql(`alter table exchange_rates alter column usd_per_unit type numeric;`);
    this.addSql(`alter table exchange_rates add column source text not null default 'operator' check (source in ('operator', 'feed', 'snapshot'));`);
    const rows = Object.entries(snapshot.usdPerUnit)
      .map(([currency, rate]) => `(${literal(currency)}, ${literal(rate)}::numeric)`)
      .join(', ');
    // The snapshot's rows, unless the operator has since replaced one with a different rate.
    this.addSql(`update exchange_rates e set source = 'snapshot'
      from (values ${rows}) as s (currency, rate)
      where e.rate_date = ${literal(snapshot.date)}::date and e.currency = s.currency and e.usd_per_unit = s.rate;`);
    this.addSql(`
      create table exchange_rate_fetches (
        day date primary key,
        attempted_at timestamptz not null,
        rate_date date,
        error text
      );`);
  }
}
