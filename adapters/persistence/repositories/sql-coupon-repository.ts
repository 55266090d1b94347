import type { CouponRepository } from '../../../application/ports/coupon-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Coupon, CouponProvider } from '../../../domain/index.js';
import { COUPON_COLUMNS, couponFromRow, couponValues, type CouponRow } from '../mappers/coupon.mapper.js';
import { currentEm, type Orm } from '../orm.js';

const COLUMNS = COUPON_COLUMNS.join(', ');
const PLACEHOLDERS = COUPON_COLUMNS.map(() => '?').join(', ');

/** The column of each provider's match id (`app_store` has none). */
const MATCH_ID_COLUMN: Readonly<Record<CouponProvider, string | null>> = {
  card: 'card_promotion_code_id',
  mor_a: 'merchant_a_discount_id',
  mor_b: 'mor_b_discount_id',
  mor_c: 'mor_c_discount_id',
  app_store: null,
};

/**
 * Coupons in plain SQL (immutable domain values, nothing for the unit of work to track). Every
 * statement joins the current transaction through `currentEm`.
 */
export class SqlCouponRepository implements CouponRepository {
  constructor(private readonly orm: Orm) {}

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return currentEm(this.orm).execute<T[]>(sql, params);
  }

  async insert(coupon: Coupon): Promise<'inserted' | 'coupon_exists'> {
    // ON CONFLICT on the partial unique index: a concurrent duplicate waits for the first to commit,
    // then inserts nothing, without aborting the transaction.
    const rows = await this.exec<{ id: string }>(
      `insert into coupons (${COLUMNS}) values (${PLACEHOLDERS})
       on conflict (merchant_id, campaign_id, provider, mode, code) where deleted_at is null do nothing
       returning id`,
      couponValues(coupon),
    );
    return rows.length === 1 ? 'inserted' : 'coupon_exists';
  }

  async update(coupon: Coupon): Promise<void> {
    await this.exec(
      `update coupons set card_promotion_code_id = ?, merchant_a_discount_id = ?, mor_b_discount_id = ?, mor_c_discount_id = ?,
         updated_at = ?, deleted_at = ?, version = version + 1
       where id = ? and merchant_id = ? and mode = ?`,
      [
        coupon.cardPromotionCodeId,
        coupon.merchantAdiscountId,
        coupon.morBDiscountId,
        coupon.morCDiscountId,
        coupon.updatedAt,
        coupon.deletedAt,
        coupon.id,
        coupon.merchantId,
        coupon.mode,
      ],
    );
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Coupon | null> {
    const [row] = await this.exec<CouponRow>(
      `select ${COLUMNS} from coupons where id = ? and merchant_id = ? and mode = ? and deleted_at is null for update`,
      [id, tenant.merchantId, tenant.mode],
    );
    return row ? couponFromRow(row) : null;
  }

  async findByIdIncludingDeleted(tenant: Tenant, id: string): Promise<Coupon | null> {
    const [row] = await this.exec<CouponRow>(`select ${COLUMNS} from coupons where id = ? and merchant_id = ? and mode = ?`, [
      id,
      tenant.merchantId,
      tenant.mode,
    ]);
    return row ? couponFromRow(row) : null;
  }

  async attributionCandidates(
    tenant: Tenant,
    provider: CouponProvider,
    keys: { readonly code: string | null; readonly providerDiscountId: string | null },
  ): Promise<readonly Coupon[]> {
    const column = MATCH_ID_COLUMN[provider];
    const alternatives: string[] = [];
    const params: unknown[] = [tenant.merchantId, tenant.mode, provider];
    if (keys.code !== null) {
      alternatives.push('code = ?');
      params.push(keys.code);
    }
    if (keys.providerDiscountId !== null && column !== null) {
      alternatives.push(`${column} = ?`);
      params.push(keys.providerDiscountId);
    }
    if (alternatives.length === 0) return [];
    const rows = await this.exec<CouponRow>(
      `select ${COLUMNS} from coupons
       where merchant_id = ? and mode = ? and provider = ? and deleted_at is null and (${alternatives.join(' or ')})
       order by created_at, id`,
      params,
    );
    return rows.map(couponFromRow);
  }
}
