import type { DailyFigures, DaySales } from '../../../application/ports/daily-figures.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import { sql } from 'kysely';

/** Reads `conversion_daily_totals` and `click_daily_totals` (kept by triggers) by primary-key range. */
export class SqlDailyFigures implements DailyFigures {
  constructor(private readonly orm: Orm) {}

  async salesByDay(tenant: Tenant, fromDay: string, toDay: string): Promise<readonly DaySales[]> {
    const { rows } = await sql<{ day: string; currency: string; conversions: number; revenue: string; commission: string }>`
      select to_char(day, 'YYYY-MM-DD') as day, currency, conversions, revenue::text as revenue, commission::text as commission
      from conversion_daily_totals
      where merchant_id = ${tenant.merchantId}::uuid and mode = ${tenant.mode} and day between ${fromDay}::date and ${toDay}::date
      order by day, currency`.execute(currentDb(this.orm));
    return rows.map((r) => ({
      day: r.day,
      currency: r.currency as CurrencyCode,
      conversions: Number(r.conversions),
      revenue: new Decimal(r.revenue),
      commissions: new Decimal(r.commission),
    }));
  }

  async clicksByDay(tenant: Tenant, fromDay: string, toDay: string) {
    const { rows } = await sql<{ day: string; clicks: number }>`
      select to_char(day, 'YYYY-MM-DD') as day, clicks from click_daily_totals
      where merchant_id = ${tenant.merchantId}::uuid and mode = ${tenant.mode} and day between ${fromDay}::date and ${toDay}::date`.execute(currentDb(this.orm));
    return rows.map((r) => ({ day: r.day, clicks: Number(r.clicks) }));
  }
}
