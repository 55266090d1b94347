import { sql, type RawBuilder } from 'kysely';
import type {
  AffiliateDetailData,
  AffiliateListFilter,
  AffiliateMembershipRow,
  AffiliateQueries,
  AffiliateSortField,
} from '../../../application/ports/affiliate-queries.js';
import type { SortDirection } from '../../../application/ports/campaign-queries.js';
import { offsetOf, sliceOf, type Page, type PageRequest, type Slice } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { ACTIVE_MEMBERSHIP_STATUSES, type MembershipStatus } from '../../../domain/affiliate/membership.js';
import { affiliateColumns, affiliateFromRow, type AffiliateRow } from '../mappers/affiliate.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import { affiliateDetailFromRow, affiliateDetailQuery } from './affiliate-detail.sql.js';

interface ListRow extends AffiliateRow {
  m_merchant_id: string;
  m_campaign_id: string;
  m_status: string;
  m_joined_at: Date | string;
  campaign_name: string;
  campaign_tracking_code: string;
}

const SORT_COLUMNS: Record<AffiliateSortField, string> = {
  name: 'lower(a.name)',
  email: 'lower(a.email)',
  joinedAt: 'm.joined_at',
  status: 'm.status',
  campaignName: 'lower(c.name)',
};

const SELECT_ROW = `${affiliateColumns('a')}, m.merchant_id as m_merchant_id, m.campaign_id as m_campaign_id,
  m.status as m_status, m.joined_at as m_joined_at, c.name as campaign_name, c.tracking_code as campaign_tracking_code`;
const FROM_MEMBERSHIPS = `affiliate_memberships m join affiliates a on a.id = m.affiliate_id join campaigns c on c.id = m.campaign_id`;

const toRow = (r: ListRow): AffiliateMembershipRow => ({
  affiliate: affiliateFromRow(r),
  merchantId: r.m_merchant_id,
  campaignId: r.m_campaign_id,
  campaignName: r.campaign_name,
  campaignTrackingCode: r.campaign_tracking_code,
  status: r.m_status as MembershipStatus,
  joinedAt: new Date(r.m_joined_at),
});

const MEMBERSHIP_SORTS = new Set<AffiliateSortField>(['joinedAt', 'status']);

const whereOf = (tenant: Tenant, filter: AffiliateListFilter): RawBuilder<unknown> => {
  const conditions: RawBuilder<unknown>[] = [
    sql`m.merchant_id = ${tenant.merchantId}`,
    sql`m.mode = ${tenant.mode}`,
    // Rejected memberships are never listed.
    filter.status ? sql`m.status = ${filter.status}` : sql`m.status = any(${[...ACTIVE_MEMBERSHIP_STATUSES]})`,
  ];
  if (filter.campaignId) conditions.push(sql`m.campaign_id = ${filter.campaignId}`);
  // On the membership alone (the count and the membership-sorted page read no affiliate row).
  if (filter.tag) {
    conditions.push(sql`exists (select 1 from affiliates ta, jsonb_array_elements_text(ta.tags) t
      where ta.id = m.affiliate_id and lower(t) = lower(${filter.tag}))`);
  }
  if (filter.joinedFrom) conditions.push(sql`m.joined_at >= ${filter.joinedFrom}`);
  if (filter.joinedTo) conditions.push(sql`m.joined_at < ${filter.joinedTo}`);
  return sql.join(conditions, sql` and `);
};

/** Affiliate reads: every one goes through memberships of the tenant's merchant in the tenant's mode. */
export class SqlAffiliateQueries implements AffiliateQueries {
  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  async listPage(
    tenant: Tenant,
    filter: AffiliateListFilter,
    sort: { field: AffiliateSortField; direction: SortDirection },
    page: PageRequest,
  ): Promise<Page<AffiliateMembershipRow>> {
    const where = whereOf(tenant, filter);
    const [rows, counted] = await Promise.all([
      this.rows(where, sort, page.limit, offsetOf(page)),
      sql<{ n: number }>`select count(*)::int as n from affiliate_memberships m where ${where}`.execute(this.db()),
    ]);
    return { items: rows.map(toRow), total: counted.rows[0]?.n ?? 0, page: page.page, limit: page.limit };
  }

  async browsePage(
    tenant: Tenant,
    filter: AffiliateListFilter,
    sort: { field: AffiliateSortField; direction: SortDirection },
    page: PageRequest,
  ): Promise<Slice<AffiliateMembershipRow>> {
    return sliceOf((await this.rows(whereOf(tenant, filter), sort, page.limit + 1, offsetOf(page))).map(toRow), page);
  }

  private async rows(where: RawBuilder<unknown>, sort: { field: AffiliateSortField; direction: SortDirection }, limit: number, offset: number): Promise<ListRow[]> {
    const order = sql.raw(`${SORT_COLUMNS[sort.field]} ${sort.direction === 'asc' ? 'asc' : 'desc'}, m.joined_at desc, m.id desc`);
    // Sorted on the membership alone, the offset is walked on its index and only the page's rows
    // are joined; sorting on a name needs the join first.
    const { rows } = MEMBERSHIP_SORTS.has(sort.field)
      ? await sql<ListRow>`
          select ${sql.raw(SELECT_ROW)}
          from (select * from affiliate_memberships m where ${where} order by ${order} limit ${limit} offset ${offset}) m
          join affiliates a on a.id = m.affiliate_id join campaigns c on c.id = m.campaign_id
          order by ${order}`.execute(this.db())
      : await sql<ListRow>`
          select ${sql.raw(SELECT_ROW)} from ${sql.raw(FROM_MEMBERSHIPS)}
          where ${where}
          order by ${order}
          limit ${limit} offset ${offset}`.execute(this.db());
    return rows;
  }

  async row(tenant: Tenant, affiliateId: string, campaignId: string): Promise<AffiliateMembershipRow | null> {
    const { rows } = await sql<ListRow>`
      select ${sql.raw(SELECT_ROW)} from ${sql.raw(FROM_MEMBERSHIPS)}
      where m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode} and m.affiliate_id = ${affiliateId}
        and m.campaign_id = ${campaignId}`.execute(this.db());
    return rows[0] ? toRow(rows[0]) : null;
  }

  async firstRowAcrossMerchants(affiliateId: string): Promise<AffiliateMembershipRow | null> {
    const { rows } = await sql<ListRow>`
      select ${sql.raw(SELECT_ROW)} from ${sql.raw(FROM_MEMBERSHIPS)}
      where m.affiliate_id = ${affiliateId}
      order by m.joined_at, m.id
      limit 1`.execute(this.db());
    return rows[0] ? toRow(rows[0]) : null;
  }

  async detail(tenant: Tenant, affiliateId: string): Promise<AffiliateDetailData | null> {
    const { rows } = await affiliateDetailQuery(tenant, affiliateId).execute(this.db());
    return rows[0] ? affiliateDetailFromRow(rows[0]) : null;
  }
}
