import type { AffiliateBan } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** What a ban sweeps: an affiliate's open sale at the merchant, and whether a payout row is queued for it. */
export interface OpenSale {
  readonly conversionId: string;
  readonly hasPayout: boolean;
}

/** Affiliates banned at a merchant (`affiliate_bans`), and what a ban reads to sweep an affiliate. */
export interface AffiliateBanStore {
  find(tenant: Tenant, affiliateId: string): Promise<AffiliateBan | null>;
  /** The bans among these affiliates, by affiliate id. */
  findMany(tenant: Tenant, affiliateIds: readonly string[]): Promise<ReadonlyMap<string, AffiliateBan>>;
  insert(tenant: Tenant, ban: AffiliateBan): Promise<void>;
  delete(tenant: Tenant, affiliateId: string): Promise<void>;
  /** The campaigns the affiliate has a membership on, whatever its status. */
  campaignIdsOf(tenant: Tenant, affiliateId: string): Promise<readonly string[]>;
  /** The affiliate's pending, held and approved sales, oldest first. */
  openSalesOf(tenant: Tenant, affiliateId: string): Promise<readonly OpenSale[]>;
}
