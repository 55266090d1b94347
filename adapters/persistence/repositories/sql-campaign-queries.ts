import { sql } from 'kysely';
import type {
  CampaignCurrencyStats,
  CampaignDetailData,
  CampaignQueries,
  CampaignRevenue,
  CampaignView,
  SortDirection,
  SqlSortableCampaignField,
} from '../../../application/ports/campaign-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type Campaign, type CurrencyCode } from '../../../domain/index.js';
import { campaignColumns, campaignFromRow, type CampaignRow } from '../mappers/campaign.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import { runNamedRead } from '../named-statement.js';
import { CAMPAIGN_DETAIL, campaignDetailFromRow, campaignDetailValues, campaignStatsOf, type DetailRow } from './campaign-detail.sql.js';

interface CurrencyRow {
  campaign_id: string;
  currency: string;
  conversions: number;
  revenue: string;
}

const DIRECTIONS: Record<SortDirection, string> = { asc: 'asc', desc: 'desc' };

/**
 * Campaign reads with their statistics. Campaign rows are filtered by merchant only (live objects);
 * conversions and memberships counted on them by merchant and the tenant's mode, read from the
 * roll-ups that triggers keep (Migration20261122000007StatsSearch), so the cost does not grow with sales.
 */
export class SqlCampaignQueries implements CampaignQueries {
  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  async listPage(
    tenant: Tenant,
    page: PageRequest,
    sort: { field: SqlSortableCampaignField; direction: SortDirection },
  ): Promise<Page<CampaignView>> {
    const dir = sql.raw(DIRECTIONS[sort.direction]);
    // Counted sales from the monthly roll-up, not from every conversion.
    const counted = sql`(select coalesce(sum(t.conversions), 0) from conversion_campaign_monthly_totals t
      where t.merchant_id = c.merchant_id and t.mode = ${tenant.mode} and t.campaign_id = c.id)`;
    const order =
      sort.field === 'createdAt'
        ? sql`c.created_at ${dir}, c.id ${dir}`
        : sort.field === 'name'
          ? sql`lower(c.name) ${dir}, c.name ${dir}, c.created_at desc, c.id desc`
          : sql`${counted} ${dir}, c.created_at desc, c.id desc`;
    const [{ rows }, total] = await Promise.all([
      sql<CampaignRow>`
        select ${sql.raw(campaignColumns('c'))} from campaigns c
        where c.merchant_id = ${tenant.merchantId}
        order by ${order}
        limit ${page.limit} offset ${offsetOf(page)}`.execute(this.db()),
      this.count(tenant),
    ]);
    const items = await this.withStats(tenant, rows.map(campaignFromRow));
    return { items, total, page: page.page, limit: page.limit };
  }

  async revenueOfAll(tenant: Tenant): Promise<readonly CampaignRevenue[]> {
    const { rows } = await sql<{ id: string; created_at: Date | string; currency: string | null; revenue: string | null }>`
      select c.id, c.created_at, v.currency, sum(v.revenue)::text as revenue
      from campaigns c
      left join conversion_campaign_monthly_totals v on v.merchant_id = c.merchant_id and v.mode = ${tenant.mode} and v.campaign_id = c.id
      where c.merchant_id = ${tenant.merchantId}
      group by c.id, c.created_at, v.currency`.execute(this.db());
    const byId = new Map<string, { id: string; createdAt: Date; revenueByCurrency: { currency: CurrencyCode; amount: Decimal }[] }>();
    for (const row of rows) {
      let entry = byId.get(row.id);
      if (!entry) {
        entry = { id: row.id, createdAt: new Date(row.created_at), revenueByCurrency: [] };
        byId.set(row.id, entry);
      }
      if (row.currency !== null && row.revenue !== null) {
        entry.revenueByCurrency.push({ currency: row.currency as CurrencyCode, amount: new Decimal(row.revenue) });
      }
    }
    return [...byId.values()];
  }

  async viewsOf(tenant: Tenant, ids: readonly string[]): Promise<readonly CampaignView[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<CampaignRow>`
      select ${sql.raw(campaignColumns('c'))} from campaigns c
      where c.merchant_id = ${tenant.merchantId} and c.id = any(${[...ids]}::uuid[])`.execute(this.db());
    const found = new Map(rows.map((row) => [row.id, campaignFromRow(row)]));
    const ordered = ids.map((id) => found.get(id)).filter((c): c is Campaign => c !== undefined);
    return this.withStats(tenant, ordered);
  }

  async detail(tenant: Tenant, campaignId: string, recentLimit: number): Promise<CampaignDetailData | null> {
    const [row] = await runNamedRead<DetailRow>(this.orm, 'campaign_detail', CAMPAIGN_DETAIL, campaignDetailValues(tenant, campaignId, recentLimit));
    return row ? campaignDetailFromRow(row) : null;
  }

  private async count(tenant: Tenant): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from campaigns where merchant_id = ${tenant.merchantId}`.execute(this.db());
    return rows[0]?.n ?? 0;
  }

  /** Statistics of the given campaigns in two grouped queries (sales by currency, approved affiliates). */
  private async withStats(tenant: Tenant, campaigns: readonly Campaign[]): Promise<CampaignView[]> {
    if (campaigns.length === 0) return [];
    const ids = campaigns.map((c) => c.id);
    const [sales, affiliates] = await Promise.all([
      // Counted sales and approved affiliates from the roll-ups kept by triggers.
      sql<CurrencyRow>`
        select campaign_id, currency, sum(conversions)::int as conversions, sum(revenue)::text as revenue
        from conversion_campaign_monthly_totals
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = any(${ids}::uuid[])
        group by campaign_id, currency
        order by currency`.execute(this.db()),
      sql<{ campaign_id: string; n: number }>`
        select campaign_id, approved_affiliates as n
        from campaign_affiliate_counts
        where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = any(${ids}::uuid[])`.execute(this.db()),
    ]);
    const byCampaign = new Map<string, CampaignCurrencyStats[]>();
    for (const row of sales.rows) {
      const list = byCampaign.get(row.campaign_id) ?? [];
      list.push({ currency: row.currency as CurrencyCode, revenue: new Decimal(row.revenue), conversions: row.conversions });
      byCampaign.set(row.campaign_id, list);
    }
    const affiliateCounts = new Map(affiliates.rows.map((row) => [row.campaign_id, row.n]));
    return campaigns.map((campaign) => ({
      campaign,
      stats: campaignStatsOf(byCampaign.get(campaign.id) ?? [], affiliateCounts.get(campaign.id) ?? 0),
    }));
  }
}
