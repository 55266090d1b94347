import type { CampaignCurrencyStats, CampaignDetailData, CampaignStats, RecentConversion } from '../../../application/ports/campaign-queries.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode } from '../../../domain/index.js';
import { campaignColumns, campaignFromRow, type CampaignRow } from '../mappers/campaign.mapper.js';

/**
 * One recent conversion as the detail query nests it: a JSON array, by position (id, affiliate id,
 * order id, customer name, amount, commission, currency, status, created at), decimals and the
 * timestamp as text (a text array, which the database turned into JSON slightly faster than
 * `json_build_array` of mixed types). Arrays, not objects: no key names to build or parse.
 */
type RecentConversionJson = [string, string, string | null, string | null, string, string, string, string, string];

/** One currency's figures as the detail query nests them: currency, counted sales, revenue as text. */
type CurrencyJson = [string, number, string];

export interface DetailRow extends CampaignRow {
  /** Null when nothing was counted (an aggregate over no rows). */
  by_currency: CurrencyJson[] | null;
  /** Null when no affiliate was ever approved (no roll-up row). */
  affiliate_count: number | null;
  /** Null when the campaign has no conversion in the mode. */
  recent_conversions: RecentConversionJson[] | null;
}

/**
 * `GET /campaigns/:id` in one statement (one round trip instead of four): the campaign row with its
 * per-currency roll-up, approved affiliate count and newest conversions as scalar subqueries. Money
 * crosses as JSON strings (`::text`), never JSON numbers, so it stays exact; timestamps as `::text`,
 * the same text `pg` receives for a top-level column, so `new Date(...)` gives the same instant as
 * before. The nested rows are JSON arrays (positions, no keys), cheaper for the database to build than
 * objects (docs/decisions.md); an empty aggregate stays null, which the mapping reads as none. Both
 * aggregates keep their `order by`, which PostgreSQL 16+ serves from the already sorted input. The
 * campaign is filtered by merchant only (live object); what is counted on it by the tenant's mode. No
 * row when the campaign is not the merchant's, and then no subquery runs.
 * Parameters: merchant id, mode, campaign id, how many newest conversions.
 */
export const CAMPAIGN_DETAIL = `select ${campaignColumns('c')},
    (select json_agg(json_build_array(s.currency, s.conversions, s.revenue) order by s.currency)
      from (select currency, sum(conversions)::int as conversions, sum(revenue)::text as revenue
        from conversion_campaign_monthly_totals
        where merchant_id = $1 and mode = $2 and campaign_id = c.id
        group by currency) s) as by_currency,
    (select n.approved_affiliates from campaign_affiliate_counts n
      where n.merchant_id = $1 and n.mode = $2 and n.campaign_id = c.id) as affiliate_count,
    (select json_agg(array[r.id::text, r.affiliate_id::text, r.order_id, r.customer_name, r.amount::text, r.commission::text,
        r.currency, r.status, r.created_at::text] order by r.created_at desc, r.id desc)
      from (select id, affiliate_id, order_id, customer_name, amount, commission, currency, status, created_at
        from conversions
        where merchant_id = $1 and mode = $2 and campaign_id = c.id
        order by created_at desc, id desc
        limit $4) r) as recent_conversions
  from campaigns c
  where c.merchant_id = $1 and c.id = $3`;

export const campaignDetailValues = (tenant: Tenant, campaignId: string, recentLimit: number): unknown[] => [
  tenant.merchantId,
  tenant.mode,
  campaignId,
  recentLimit,
];

/** A campaign's figures from its per-currency rows: totals add the currencies as recorded, never converted. */
export const campaignStatsOf = (byCurrency: CampaignCurrencyStats[], affiliateCount: number): CampaignStats => ({
  conversions: byCurrency.reduce((n, c) => n + c.conversions, 0),
  revenue: byCurrency.reduce((sum, c) => sum.plus(c.revenue), new Decimal(0)),
  byCurrency,
  affiliateCount,
});

const currencyFromJson = ([currency, conversions, revenue]: CurrencyJson): CampaignCurrencyStats => ({
  currency: currency as CurrencyCode,
  revenue: new Decimal(revenue),
  conversions,
});

export const campaignDetailFromRow = (row: DetailRow): CampaignDetailData => ({
  campaign: campaignFromRow(row),
  stats: campaignStatsOf(row.by_currency?.map(currencyFromJson) ?? [], row.affiliate_count ?? 0),
  recentConversions: row.recent_conversions?.map(recentConversionFromJson) ?? [],
});

const recentConversionFromJson = ([id, affiliateId, orderId, customerName, amount, commission, currency, status, createdAt]: RecentConversionJson): RecentConversion => ({
  id,
  affiliateId,
  orderId,
  customerName,
  amount: new Decimal(amount),
  commission: new Decimal(commission),
  currency: currency as CurrencyCode,
  status,
  createdAt: new Date(createdAt),
});
