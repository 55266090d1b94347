import type { Tenant } from '../shared/tenant.js';

/** What a page shows of an affiliate wherever another record names it. */
export interface AffiliateName {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly payoutEmail: string | null;
}

/** The tenant's affiliates (those with a membership with its merchant in its mode) by id or email. */
export interface AffiliateNames {
  /** Those of `ids` that are the tenant's; ids of other merchants' affiliates are left out. */
  named(tenant: Tenant, ids: readonly string[]): Promise<readonly AffiliateName[]>;
  /** The tenant's affiliate with this email, ignoring case, or null. */
  withEmail(tenant: Tenant, email: string): Promise<AffiliateName | null>;
}
