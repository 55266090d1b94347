import type { CouponFilters, CouponQueries, CouponView } from '../../../application/ports/coupon-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { normalizeCouponCode } from '../../../domain/index.js';
import { COUPON_COLUMNS, couponFromRow, type CouponRow } from '../mappers/coupon.mapper.js';
import { currentEm, type Orm } from '../orm.js';

const SELECT = COUPON_COLUMNS.map((c) => `k.${c}`).join(', ');

type ViewRow = CouponRow & { campaign_name: string };

const view = (row: ViewRow): CouponView => ({ coupon: couponFromRow(row), campaignName: row.campaign_name });

/** Coupon reads in plain SQL on the tenant index; deleted coupons are never read here. */
export class SqlCouponQueries implements CouponQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filters: CouponFilters, page: PageRequest): Promise<Page<CouponView>> {
    const where = ['k.merchant_id = ?', 'k.mode = ?', 'k.deleted_at is null'];
    const params: unknown[] = [tenant.merchantId, tenant.mode];
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      params.push(...values);
    };
    if (filters.campaignId) add('k.campaign_id = ?', filters.campaignId);
    if (filters.affiliateId) add('k.affiliate_id = ?', filters.affiliateId);
    if (filters.provider) add('k.provider = ?', filters.provider);
    if (filters.code !== undefined) {
      // Exact, under each coupon's provider case rule (stored codes are already normalised).
      add(
        `((k.provider = 'app_store' and k.code = ?) or (k.provider <> 'app_store' and k.code = ?))`,
        normalizeCouponCode('app_store', filters.code),
        normalizeCouponCode('card', filters.code),
      );
    }
    const em = currentEm(this.orm);
    const rows = await em.execute<(ViewRow & { total: string })[]>(
      `select ${SELECT}, c.name as campaign_name, count(*) over () as total
       from coupons k join campaigns c on c.id = k.campaign_id
       where ${where.join(' and ')}
       order by k.created_at desc, k.id desc limit ? offset ?`,
      [...params, page.limit, offsetOf(page)],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from coupons k where ${where.join(' and ')}`, params);
      total = Number(count?.n ?? 0);
    }
    return { items: rows.map(view), total, page: page.page, limit: page.limit };
  }

  async get(tenant: Tenant, id: string): Promise<CouponView | null> {
    const [row] = await currentEm(this.orm).execute<ViewRow[]>(
      `select ${SELECT}, c.name as campaign_name from coupons k join campaigns c on c.id = k.campaign_id
       where k.id = ? and k.merchant_id = ? and k.mode = ? and k.deleted_at is null`,
      [id, tenant.merchantId, tenant.mode],
    );
    return row ? view(row) : null;
  }
}
