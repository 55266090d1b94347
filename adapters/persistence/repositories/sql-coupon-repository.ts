import { sql, type RawBuilder } from 'kysely';
import type { CouponRepository } from '../../../application/ports/coupon-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Coupon, CouponProvider } from '../../../domain/index.js';
import { COUPON_COLUMNS, couponFromRow, couponValues, type CouponRow } from '../mappers/coupon.mapper.js';
import { runCommittedReadQuery } from '../named-statement.js';
import { currentDb, type Orm } from '../orm.js';

const COLUMNS = sql.raw(COUPON_COLUMNS.join(', '));

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
 * statement joins the current transaction through `currentDb`.
 */
export class SqlCouponRepository implements CouponRepository {
  constructor(private readonly orm: Orm) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async insert(coupon: Coupon): Promise<'inserted' | 'coupon_exists'> {
    // ON CONFLICT on the partial unique index: a concurrent duplicate waits for the first to commit,
    // then inserts nothing, without aborting the transaction.
    const rows = await this.exec(sql<{ id: string }>`insert into coupons (${COLUMNS}) values (${sql.join(couponValues(coupon))})
       on conflict (merchant_id, campaign_id, provider, mode, code) where deleted_at is null do nothing
       returning id`);
    return rows.length === 1 ? 'inserted' : 'coupon_exists';
  }

  async update(coupon: Coupon): Promise<void> {
    await this.exec(sql`update coupons set card_promotion_code_id = ${coupon.cardPromotionCodeId}, merchant_a_discount_id = ${coupon.merchantAdiscountId},
         mor_b_discount_id = ${coupon.morBDiscountId}, mor_c_discount_id = ${coupon.morCDiscountId},
         updated_at = ${coupon.updatedAt}, deleted_at = ${coupon.deletedAt}, version = version + 1
       where id = ${coupon.id} and merchant_id = ${coupon.merchantId} and mode = ${coupon.mode}`);
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Coupon | null> {
    const [row] = await this.exec(
      sql<CouponRow>`select ${COLUMNS} from coupons where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and deleted_at is null for update`,
    );
    return row ? couponFromRow(row) : null;
  }

  async findByIdIncludingDeleted(tenant: Tenant, id: string): Promise<Coupon | null> {
    const [row] = await this.exec(sql<CouponRow>`select ${COLUMNS} from coupons where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    return row ? couponFromRow(row) : null;
  }

  async attributionCandidates(
    tenant: Tenant,
    provider: CouponProvider,
    keys: { readonly code: string | null; readonly providerDiscountId: string | null },
  ): Promise<readonly Coupon[]> {
    const column = MATCH_ID_COLUMN[provider];
    const alternatives: RawBuilder<unknown>[] = [];
    if (keys.code !== null) alternatives.push(sql`code = ${keys.code}`);
    if (keys.providerDiscountId !== null && column !== null) alternatives.push(sql`${sql.ref(column)} = ${keys.providerDiscountId}`);
    if (alternatives.length === 0) return [];
    // By name, one per shape (which keys are given, in which column): asked on every provider sale.
    const shape = `coupon_candidates_${keys.code !== null ? 'code' : ''}_${keys.providerDiscountId !== null && column !== null ? column : ''}`;
    // Coupons are never written in a sale's transaction: the read goes beside it (`runCommittedRead`).
    const rows = await runCommittedReadQuery(
      this.orm,
      shape,
      sql<CouponRow>`select ${COLUMNS} from coupons
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and provider = ${provider} and deleted_at is null
         and (${sql.join(alternatives, sql` or `)})
       order by created_at, id`,
    );
    return rows.map(couponFromRow);
  }
}
