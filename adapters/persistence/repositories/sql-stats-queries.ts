import { sql, type RawBuilder } from 'kysely';
import type {
  AffiliateMonth,
  LatestConversion,
  Period,
  RankedCommission,
  SalesFigures,
  StatsQueries,
} from '../../../application/ports/stats-queries.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type ConversionStatus, type CurrencyCode, type ExchangeRateTable } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import { countedConversion } from './conversion-counting.sql.js';

const DAY_MS = 86_400_000;
const floorDay = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;
const ceilDay = (t: number): number => Math.ceil(t / DAY_MS) * DAY_MS;
const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** How a period is read: whole UTC days from the daily roll-ups, the rest (at most a day at each end) from the rows. */
export interface PeriodPlan {
  /** `[from, to)` as `YYYY-MM-DD` days, or null when the period covers no whole day. */
  readonly days: { readonly from: string; readonly to: string } | null;
  /** At most two spans, each within one day, read from the source rows. */
  readonly spans: readonly Period[];
}

/**
 * Splits `[from, to)` into whole days and edge spans. Nothing is dated after `now`, so a period that
 * ends at or after now is read to the end of its last day: the rest of that day is empty.
 */
export const planPeriod = (period: Period, now: Date): PeriodPlan => {
  const from = period.from.getTime();
  let to = period.to.getTime();
  if (to <= from) return { days: null, spans: [] };
  if (to >= now.getTime()) to = ceilDay(to);
  const firstDay = ceilDay(from);
  const lastDay = floorDay(to);
  if (firstDay >= lastDay) return { days: null, spans: [{ from: new Date(from), to: new Date(to) }] };
  const spans: Period[] = [];
  if (from < firstDay) spans.push({ from: new Date(from), to: new Date(firstDay) });
  if (lastDay < to) spans.push({ from: new Date(lastDay), to: new Date(to) });
  return { days: { from: isoDay(firstDay), to: isoDay(lastDay) }, spans };
};

const spansCondition = (spans: readonly Period[]): RawBuilder<unknown> =>
  sql.join(
    spans.map((s) => sql`(created_at >= ${s.from} and created_at < ${s.to})`),
    sql` or `,
  );

interface LatestRow {
  id: string;
  order_id: string | null;
  customer_name: string | null;
  affiliate_id: string;
  amount: string;
  commission: string;
  currency: string;
  status: string;
  created_at: Date | string;
}

/**
 * The statistics statements, exported so that a test can EXPLAIN exactly what runs
 * (test/integration/stats-search-plans.test.ts). Null: nothing to read.
 */
export const statsSql = {
  sales: (tenant: Tenant, plan: PeriodPlan) => {
    const parts: RawBuilder<unknown>[] = [];
    if (plan.days) {
      parts.push(sql`
        select currency, conversions, revenue, tax, commission from conversion_daily_totals
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and day >= ${plan.days.from}::date and day < ${plan.days.to}::date`);
    }
    if (plan.spans.length > 0) {
      parts.push(sql`
        select currency, 1 as conversions, amount as revenue, coalesce(tax_amount, 0) as tax, commission from conversions c
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and (${spansCondition(plan.spans)}) and ${countedConversion('c')}`);
    }
    if (parts.length === 0) return null;
    return sql<{ currency: string; conversions: number; revenue: string; tax: string; commission: string }>`
      select currency, sum(conversions)::int as conversions, sum(revenue)::text as revenue, sum(tax)::text as tax,
             sum(commission)::text as commission
      from (${sql.join(parts, sql` union all `)}) s
      group by currency
      having sum(conversions) > 0
      order by currency`;
  },

  clicks: (tenant: Tenant, plan: PeriodPlan) => {
    const parts: RawBuilder<unknown>[] = [];
    if (plan.days) {
      parts.push(sql`
        select clicks from click_daily_totals
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and day >= ${plan.days.from}::date and day < ${plan.days.to}::date`);
    }
    if (plan.spans.length > 0) {
      parts.push(sql`
        select count(*) as clicks from clicks
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and (${spansCondition(plan.spans)})`);
    }
    if (parts.length === 0) return null;
    return sql<{ n: number }>`select coalesce(sum(clicks), 0)::int as n from (${sql.join(parts, sql` union all `)}) s`;
  },

  approvedAffiliates: (tenant: Tenant) => sql<{ n: number }>`
    select approved_affiliates as n from merchant_affiliate_counts
    where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`,

  topCommissions: (tenant: Tenant, month: string, currency: CurrencyCode, limit: number) => sql<{
    affiliate_id: string;
    commission: string;
  }>`
    select t.affiliate_id, t.commission::text as commission from conversion_affiliate_monthly_totals t
    where t.merchant_id = ${tenant.merchantId} and t.mode = ${tenant.mode} and t.month = ${month}::date and t.currency = ${currency}
    order by t.commission desc, t.affiliate_id
    limit ${limit}`,

  referenceRates: () => sql<{ currency: string; usd_per_unit: string }>`
    select currency, usd_per_unit::text as usd_per_unit from ranking_reference_rates`,

  topReferenceCommissions: (tenant: Tenant, month: string, limit: number) => sql<{ affiliate_id: string; reference_commission: string }>`
    select t.affiliate_id, t.reference_commission::text as reference_commission from conversion_affiliate_monthly_ranks t
    where t.merchant_id = ${tenant.merchantId} and t.mode = ${tenant.mode} and t.month = ${month}::date
    order by t.reference_commission desc, t.affiliate_id
    limit ${limit}`,

  rankByConvertedCommission: (tenant: Tenant, month: string, rates: ExchangeRateTable, limit: number) => {
    const currencies = [...rates.usdPerUnit.keys()];
    const values = currencies.map((c) => rates.usdPerUnit.get(c)!.toFixed());
    return sql<{ affiliate_id: string }>`
      select t.affiliate_id
      from conversion_affiliate_monthly_totals t
      left join unnest(${currencies}::text[], ${values}::numeric[]) as r (currency, rate) on r.currency = t.currency
      where t.merchant_id = ${tenant.merchantId} and t.mode = ${tenant.mode} and t.month = ${month}::date
      group by t.affiliate_id
      order by sum(t.commission * coalesce(r.rate, 0)) desc, t.affiliate_id
      limit ${limit}`;
  },

  affiliateMonths: (tenant: Tenant, month: string, affiliateIds: readonly string[]) => sql<{
    affiliate_id: string;
    name: string;
    currency: string;
    commission: string;
    conversions: number;
  }>`
    select t.affiliate_id, a.name, t.currency, t.commission::text as commission, t.conversions
    from conversion_affiliate_monthly_totals t join affiliates a on a.id = t.affiliate_id
    where t.merchant_id = ${tenant.merchantId} and t.mode = ${tenant.mode} and t.month = ${month}::date
      and t.affiliate_id = any(${[...affiliateIds]}::uuid[])
    order by t.affiliate_id, t.currency`,

  latestConversions: (tenant: Tenant, limit: number) => sql<LatestRow>`
    select id, affiliate_id, order_id, customer_name, amount::text as amount, commission::text as commission, currency, status, created_at
    from conversions
    where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
    order by created_at desc, id desc
    limit ${limit}`,
};

/**
 * Statistics from the roll-ups of Migration20261122000007StatsSearch (kept by triggers in the same
 * transaction as every conversion, click and membership change).
 */
export class SqlStatsQueries implements StatsQueries {
  private references: Promise<ReadonlyMap<CurrencyCode, Decimal>> | null = null;

  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  async salesByCurrency(tenant: Tenant, period: Period, now: Date): Promise<readonly SalesFigures[]> {
    const query = statsSql.sales(tenant, planPeriod(period, now));
    if (!query) return [];
    const { rows } = await query.execute(this.db());
    return rows.map((r) => ({
      currency: r.currency as CurrencyCode,
      revenue: new Decimal(r.revenue),
      tax: new Decimal(r.tax),
      commissions: new Decimal(r.commission),
      conversions: r.conversions,
    }));
  }

  async clicks(tenant: Tenant, period: Period, now: Date): Promise<number> {
    const query = statsSql.clicks(tenant, planPeriod(period, now));
    if (!query) return 0;
    const { rows } = await query.execute(this.db());
    return rows[0]?.n ?? 0;
  }

  async approvedAffiliates(tenant: Tenant): Promise<number> {
    const { rows } = await statsSql.approvedAffiliates(tenant).execute(this.db());
    return rows[0]?.n ?? 0;
  }

  async topCommissions(tenant: Tenant, month: string, currency: CurrencyCode, limit: number): Promise<readonly RankedCommission[]> {
    const { rows } = await statsSql.topCommissions(tenant, month, currency, limit).execute(this.db());
    return rows.map((r) => ({ affiliateId: r.affiliate_id, commission: new Decimal(r.commission) }));
  }

  /** The reference rates never change once migrated, so they are read once. */
  async referenceRates(): Promise<ReadonlyMap<CurrencyCode, Decimal>> {
    this.references ??= statsSql
      .referenceRates()
      .execute(this.db())
      .then(({ rows }) => new Map(rows.map((r) => [r.currency as CurrencyCode, new Decimal(r.usd_per_unit)])));
    try {
      return await this.references;
    } catch (error) {
      this.references = null;
      throw error;
    }
  }

  async topReferenceCommissions(tenant: Tenant, month: string, limit: number): Promise<readonly RankedCommission[]> {
    const { rows } = await statsSql.topReferenceCommissions(tenant, month, limit).execute(this.db());
    return rows.map((r) => ({ affiliateId: r.affiliate_id, commission: new Decimal(r.reference_commission) }));
  }

  async rankByConvertedCommission(tenant: Tenant, month: string, rates: ExchangeRateTable, limit: number): Promise<readonly string[]> {
    const { rows } = await statsSql.rankByConvertedCommission(tenant, month, rates, limit).execute(this.db());
    return rows.map((r) => r.affiliate_id);
  }

  async affiliateMonths(tenant: Tenant, month: string, affiliateIds: readonly string[]): Promise<readonly AffiliateMonth[]> {
    if (affiliateIds.length === 0) return [];
    const { rows } = await statsSql.affiliateMonths(tenant, month, affiliateIds).execute(this.db());
    const byId = new Map<string, { affiliateId: string; name: string; byCurrency: AffiliateMonth['byCurrency'][number][] }>();
    for (const r of rows) {
      let entry = byId.get(r.affiliate_id);
      if (!entry) {
        entry = { affiliateId: r.affiliate_id, name: r.name, byCurrency: [] };
        byId.set(r.affiliate_id, entry);
      }
      entry.byCurrency.push({ currency: r.currency as CurrencyCode, commission: new Decimal(r.commission), conversions: r.conversions });
    }
    return [...byId.values()];
  }

  async latestConversions(tenant: Tenant, limit: number): Promise<readonly LatestConversion[]> {
    const { rows } = await statsSql.latestConversions(tenant, limit).execute(this.db());
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      affiliateId: r.affiliate_id,
      customerName: r.customer_name,
      amount: new Decimal(r.amount),
      commission: new Decimal(r.commission),
      currency: r.currency as CurrencyCode,
      status: r.status as ConversionStatus,
      createdAt: new Date(r.created_at),
    }));
  }
}
