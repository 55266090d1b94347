import type { Coupon, CouponProvider, MembershipStatus } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Write side of coupons. Every method takes the tenant (merchant and mode); deleted coupons are
 * invisible to every method except `findByIdIncludingDeleted`, which serves history (past sales).
 */
export interface CouponRepository {
  /**
   * `coupon_exists` when the tenant already has a coupon, not deleted, with the same campaign,
   * provider and code (a unique index: safe under concurrency, and the transaction stays usable).
   */
  insert(coupon: Coupon): Promise<'inserted' | 'coupon_exists'>;
  /** Saves the match ids, `updatedAt` and `deletedAt`; code, provider and parties never change. */
  update(coupon: Coupon): Promise<void>;
  /** Loads a coupon that is not deleted with a row lock held to the end of the transaction. */
  findByIdForUpdate(tenant: Tenant, id: string): Promise<Coupon | null>;
  /** Any coupon of the tenant, deleted or not: what a past sale's coupon resolves through. */
  findByIdIncludingDeleted(tenant: Tenant, id: string): Promise<Coupon | null>;
  /**
   * The tenant's coupons of `provider`, not deleted, whose stored code equals `code` (already under
   * the provider's case rule) or whose own provider match id equals `providerDiscountId`.
   */
  attributionCandidates(
    tenant: Tenant,
    provider: CouponProvider,
    keys: { readonly code: string | null; readonly providerDiscountId: string | null },
  ): Promise<readonly Coupon[]>;
}

export interface CouponFilters {
  readonly campaignId?: string | undefined;
  readonly affiliateId?: string | undefined;
  readonly provider?: CouponProvider | undefined;
  /** Exact match under each coupon's provider case rule (uppercase for all but `app_store`). */
  readonly code?: string | undefined;
  /** Registered from this instant (inclusive) and before that one (exclusive). */
  readonly createdFrom?: Date | undefined;
  readonly createdBefore?: Date | undefined;
}

export interface CouponView {
  readonly coupon: Coupon;
  readonly campaignName: string;
}

/** Read side of coupons: the tenant's coupons that are not deleted, newest first. */
export interface CouponQueries {
  list(tenant: Tenant, filters: CouponFilters, page: PageRequest): Promise<Page<CouponView>>;
  get(tenant: Tenant, id: string): Promise<CouponView | null>;
}

/** An affiliate's membership statuses with the tenant's merchant, one per campaign, in the tenant's mode. */
export interface AffiliateStandings {
  statusesWithMerchant(tenant: Tenant, affiliateId: string): Promise<readonly MembershipStatus[]>;
}
