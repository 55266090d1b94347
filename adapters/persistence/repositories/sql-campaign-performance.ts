import { sql } from 'kysely';
import type { CampaignPerformanceQueries } from '../../../application/ports/campaign-performance.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import { countedConversion } from './conversion-counting.sql.js';

/** Reads clicks and conversions of one campaign by its `(merchant_id, mode, campaign_id, created_at)` indexes. */
export class SqlCampaignPerformance implements CampaignPerformanceQueries {
  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  async days(tenant: Tenant, campaignId: string, from: Date, to: Date) {
    const { rows } = await sql<{ day: string; clicks: number; conversions: number }>`
      select day, sum(clicks)::int as clicks, sum(conversions)::int as conversions from (
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as clicks, 0 as conversions from clicks
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId} and created_at >= ${from} and created_at < ${to}
        group by 1
        union all
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), 0, count(*) from conversions v
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId} and created_at >= ${from} and created_at < ${to}
          and ${countedConversion('v')}
        group by 1) d
      group by day order by day`.execute(this.db());
    return rows;
  }

  async totals(tenant: Tenant, campaignId: string, from: Date, to: Date) {
    const { rows } = await sql<{ clicks: number; conversions: number }>`
      select
        (select count(*)::int from clicks where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId}
          and created_at >= ${from} and created_at < ${to}) as clicks,
        (select count(*)::int from conversions v where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId}
          and created_at >= ${from} and created_at < ${to} and ${countedConversion('v')}) as conversions`.execute(this.db());
    return rows[0] ?? { clicks: 0, conversions: 0 };
  }

  async topAffiliates(tenant: Tenant, campaignId: string, from: Date, to: Date, limit: number) {
    const { rows } = await sql<{ affiliate_id: string; name: string; email: string; conversions: number; clicks: number; commissions: { currency: string; amount: string }[] }>`
      with sales as (
        select affiliate_id, currency, count(*)::int as conversions, sum(commission)::text as amount from conversions v
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId}
          and created_at >= ${from} and created_at < ${to} and ${countedConversion('v')}
        group by affiliate_id, currency),
      taps as (
        select affiliate_id, count(*)::int as clicks from clicks
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId}
          and created_at >= ${from} and created_at < ${to}
        group by affiliate_id),
      ranked as (
        select coalesce(s.affiliate_id, t.affiliate_id) as affiliate_id, coalesce(sum(s.conversions), 0)::int as conversions,
          coalesce(max(t.clicks), 0)::int as clicks,
          coalesce(json_agg(json_build_object('currency', s.currency, 'amount', s.amount) order by s.currency) filter (where s.currency is not null), '[]') as commissions
        from sales s full join taps t on t.affiliate_id = s.affiliate_id
        group by 1
        order by 2 desc, 3 desc
        limit ${limit})
      select r.affiliate_id, a.name, a.email, r.conversions, r.clicks, r.commissions
      from ranked r join affiliates a on a.id = r.affiliate_id and a.merchant_id = ${tenant.merchantId}
      order by r.conversions desc, r.clicks desc, a.name`.execute(this.db());
    return rows.map((r) => ({
      affiliateId: r.affiliate_id,
      name: r.name,
      email: r.email,
      conversions: r.conversions,
      clicks: r.clicks,
      commissions: r.commissions.map((x) => ({ currency: x.currency as CurrencyCode, amount: new Decimal(x.amount) })),
    }));
  }
}
