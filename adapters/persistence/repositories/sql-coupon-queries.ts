import { sql, type RawBuilder } from 'kysely';
import type { CouponFilters, CouponQueries, CouponView } from '../../../application/ports/coupon-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { normalizeCouponCode } from '../../../domain/index.js';
import { COUPON_COLUMNS, couponFromRow, type CouponRow } from '../mappers/coupon.mapper.js';
import { currentDb, type Orm } from '../orm.js';

const SELECT = sql.raw(COUPON_COLUMNS.map((c) => `k.${c}`).join(', '));

type ViewRow = CouponRow & { campaign_name: string };

const view = (row: ViewRow): CouponView => ({ coupon: couponFromRow(row), campaignName: row.campaign_name });

/** Coupon reads in plain SQL on the tenant index; deleted coupons are never read here. */
export class SqlCouponQueries implements CouponQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filters: CouponFilters, page: PageRequest): Promise<Page<CouponView>> {
    const where: RawBuilder<unknown>[] = [sql`k.merchant_id = ${tenant.merchantId}`, sql`k.mode = ${tenant.mode}`, sql`k.deleted_at is null`];
    if (filters.campaignId) where.push(sql`k.campaign_id = ${filters.campaignId}`);
    if (filters.affiliateId) where.push(sql`k.affiliate_id = ${filters.affiliateId}`);
    if (filters.provider) where.push(sql`k.provider = ${filters.provider}`);
    if (filters.createdFrom) where.push(sql`k.created_at >= ${filters.createdFrom}`);
    if (filters.createdBefore) where.push(sql`k.created_at < ${filters.createdBefore}`);
    if (filters.code !== undefined) {
      // Exact, under each coupon's provider case rule (stored codes are already normalised).
      where.push(
        sql`((k.provider = 'app_store' and k.code = ${normalizeCouponCode('app_store', filters.code)})
          or (k.provider <> 'app_store' and k.code = ${normalizeCouponCode('card', filters.code)}))`,
      );
    }
    const conditions = sql.join(where, sql` and `);
    const db = currentDb(this.orm);
    const { rows } = await sql<ViewRow & { total: string }>`select ${SELECT}, c.name as campaign_name, count(*) over () as total
       from coupons k join campaigns c on c.id = k.campaign_id
       where ${conditions}
       order by k.created_at desc, k.id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(db);
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const {
        rows: [count],
      } = await sql<{ n: string }>`select count(*) as n from coupons k where ${conditions}`.execute(db);
      total = Number(count?.n ?? 0);
    }
    return { items: rows.map(view), total, page: page.page, limit: page.limit };
  }

  async get(tenant: Tenant, id: string): Promise<CouponView | null> {
    const {
      rows: [row],
    } = await sql<ViewRow>`select ${SELECT}, c.name as campaign_name from coupons k join campaigns c on c.id = k.campaign_id
       where k.id = ${id} and k.merchant_id = ${tenant.merchantId} and k.mode = ${tenant.mode} and k.deleted_at is null`.execute(currentDb(this.orm));
    return row ? view(row) : null;
  }
}
