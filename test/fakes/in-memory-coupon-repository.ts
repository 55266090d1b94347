import type { CouponRepository } from '../../application/ports/coupon-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Coupon, CouponProvider } from '../../domain/index.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

/** Each provider's own match id on a coupon (`app_store` has none), as the SQL adapter's columns. */
const MATCH_ID: Readonly<Record<CouponProvider, ((c: Coupon) => string | null) | null>> = {
  card: (c) => c.cardPromotionCodeId,
  mor_a: (c) => c.merchantAdiscountId,
  mor_b: (c) => c.morBDiscountId,
  mor_c: (c) => c.morCDiscountId,
  app_store: null,
};

const inTenant = (tenant: Tenant) => (c: Coupon) => c.merchantId === tenant.merchantId && c.mode === tenant.mode;

/**
 * Coupons in memory: one live (not deleted) coupon per tenant, campaign, provider and stored code, as
 * the partial unique index keeps them; only match ids, `updatedAt` and `deletedAt` ever change.
 */
export class InMemoryCouponRepository implements CouponRepository {
  private readonly rows: TransactionalTable<Coupon>;

  constructor(transactions: InMemoryTransactions) {
    this.rows = new TransactionalTable(transactions);
  }

  async insert(coupon: Coupon): Promise<'inserted' | 'coupon_exists'> {
    const taken = this.rows
      .values()
      .some((c) => inTenant(coupon)(c) && c.deletedAt === null && c.campaignId === coupon.campaignId && c.provider === coupon.provider && c.code === coupon.code);
    if (taken) return 'coupon_exists';
    this.rows.set(coupon.id, coupon);
    return 'inserted';
  }

  async update(coupon: Coupon): Promise<void> {
    const stored = this.rows.get(coupon.id);
    if (!stored || !inTenant(coupon)(stored)) return;
    this.rows.set(coupon.id, {
      ...stored,
      cardPromotionCodeId: coupon.cardPromotionCodeId,
      merchantAdiscountId: coupon.merchantAdiscountId,
      morBDiscountId: coupon.morBDiscountId,
      morCDiscountId: coupon.morCDiscountId,
      updatedAt: coupon.updatedAt,
      deletedAt: coupon.deletedAt,
    });
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Coupon | null> {
    const found = await this.findByIdIncludingDeleted(tenant, id);
    return found && found.deletedAt === null ? found : null;
  }

  async findByIdIncludingDeleted(tenant: Tenant, id: string): Promise<Coupon | null> {
    const found = this.rows.get(id);
    return found && inTenant(tenant)(found) ? found : null;
  }

  async attributionCandidates(
    tenant: Tenant,
    provider: CouponProvider,
    keys: { readonly code: string | null; readonly providerDiscountId: string | null },
  ): Promise<readonly Coupon[]> {
    const matchId = MATCH_ID[provider];
    return this.rows
      .values()
      .filter(
        (c) =>
          inTenant(tenant)(c) &&
          c.provider === provider &&
          c.deletedAt === null &&
          ((keys.code !== null && c.code === keys.code) || (keys.providerDiscountId !== null && matchId !== null && matchId(c) === keys.providerDiscountId)),
      )
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
