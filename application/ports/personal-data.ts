import type { Tenant } from '../shared/tenant.js';

/** A JSON document of records, as stored (times as ISO strings, decimals as strings). */
export type DataRecord = Readonly<Record<string, unknown>>;

/** What the service holds about one affiliate at one merchant (docs/privacy.md lists each part). */
export interface AffiliateDataExport {
  readonly affiliate: DataRecord;
  readonly memberships: readonly DataRecord[];
  readonly invitations: readonly DataRecord[];
  readonly taxDetails: readonly DataRecord[];
  readonly connectedAccounts: readonly DataRecord[];
  readonly coupons: readonly DataRecord[];
  readonly teams: readonly DataRecord[];
  readonly commissions: readonly DataRecord[];
  readonly payouts: readonly DataRecord[];
  readonly payments: readonly DataRecord[];
  readonly clicks: { readonly count: number; readonly first: string | null; readonly last: string | null };
  readonly portalActivity: readonly DataRecord[];
}

export interface CustomerErasure {
  readonly customers: number;
  readonly commissions: number;
}

/**
 * Personal data of affiliates and customers, per merchant. Erasure runs inside the caller's
 * transaction: personal fields get placeholders, logins and sessions go, copies of the values in
 * other records (event payloads, mails, stored answers) are replaced; money records stay.
 */
export interface PersonalData {
  /** Null when the tenant has no such affiliate (no membership in the key's mode). */
  affiliateExport(tenant: Tenant, affiliateId: string): Promise<AffiliateDataExport | null>;
  /** False when the tenant has no such affiliate. */
  eraseAffiliate(tenant: Tenant, affiliateId: string, now: Date): Promise<boolean>;
  /** Customers and sales of the tenant with this email; zero counts when there are none. */
  eraseCustomer(tenant: Tenant, email: string, now: Date): Promise<CustomerErasure>;
}
