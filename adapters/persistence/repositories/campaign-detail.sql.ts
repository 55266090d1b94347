import type { CampaignCurrencyStats, CampaignDetailData, CampaignStats, RecentConversion } from '../../../application/ports/campaign-queries.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type CurrencyCode } from '../../../domain/index.js';
import { campaignColumns, campaignFromRow, type CampaignRow } from '../mappers/campaign.mapper.js';

/** One recent conversion as the detail query nests it (decimals and the timestamp as text). */
interface RecentConversionJson {
  id: string;
  affiliate_id: string;
  order_id: string | null;
  customer_name: string | null;
  amount: string;
  commission: string;
  currency: string;
  status: string;
  created_at: string;
}

export interface DetailRow extends CampaignRow {
  by_currency: { currency: string; conversions: number; revenue: string }[];
  affiliate_count: number;
  recent_conversions: RecentConversionJson[];
}

/**
 * `GET /campaigns/:id` in one statement (one round trip instead of four): the campaign row with its
 * per-currency roll-up, approved affiliate count and newest conversions as scalar subqueries. Money
 * crosses as JSON strings (`::text`), never JSON numbers, so it stays exact; timestamps as `::text`,
 * the same text `pg` receives for a top-level column, so `new Date(...)` gives the same instant as
 * before. The campaign is filtered by merchant only (live object); what is counted on it by the
 * tenant's mode. No row when the campaign is not the merchant's, and then no subquery runs.
 * Parameters: merchant id, mode, campaign id, how many newest conversions.
 */
export const CAMPAIGN_DETAIL = `select ${campaignColumns('c')},
    (select coalesce(json_agg(json_build_object('currency', s.currency, 'conversions', s.conversions, 'revenue', s.revenue)
        order by s.currency), '[]'::json)
      from (select currency, sum(conversions)::int as conversions, sum(revenue)::text as revenue
        from conversion_campaign_monthly_totals
        where merchant_id = $1 and mode = $2 and campaign_id = c.id
        group by currency) s) as by_currency,
    coalesce((select n.approved_affiliates from campaign_affiliate_counts n
      where n.merchant_id = $1 and n.mode = $2 and n.campaign_id = c.id), 0) as affiliate_count,
    (select coalesce(json_agg(json_build_object('id', r.id, 'affiliate_id', r.affiliate_id, 'order_id', r.order_id,
        'customer_name', r.customer_name, 'amount', r.amount::text, 'commission', r.commission::text, 'currency', r.currency,
        'status', r.status, 'created_at', r.created_at::text) order by r.created_at desc, r.id desc), '[]'::json)
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

export const campaignDetailFromRow = (row: DetailRow): CampaignDetailData => ({
  campaign: campaignFromRow(row),
  stats: campaignStatsOf(
    row.by_currency.map((b) => ({ currency: b.currency as CurrencyCode, revenue: new Decimal(b.revenue), conversions: b.conversions })),
    row.affiliate_count,
  ),
  recentConversions: row.recent_conversions.map(recentConversionFromJson),
});

export const recentConversionFromJson = (r: RecentConversionJson): RecentConversion => ({
  id: r.id,
  affiliateId: r.affiliate_id,
  orderId: r.order_id,
  customerName: r.customer_name,
  amount: new Decimal(r.amount),
  commission: new Decimal(r.commission),
  currency: r.currency as CurrencyCode,
  status: r.status,
  createdAt: new Date(r.created_at),
});
