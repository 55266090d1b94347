import type { Affiliate } from '../../domain/index.js';
import type { Membership } from '../../domain/affiliate/membership.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Each affiliate belongs to one merchant and one mode (its tenant): every lookup is within a tenant,
 * so no merchant's reads or writes depend on another merchant's affiliates. The one lookup by id
 * alone says so in its name: an operator action or a portal session already names the record.
 */
/** The one look-up a ban or an unban makes: the affiliate by id, whichever its tenant, locked. */
export interface AffiliateLocks {
  /** The affiliate with that id, whichever its tenant (read from the record), locked for the transaction. */
  findByIdForUpdateAcrossMerchants(id: string): Promise<Affiliate | null>;
}

export interface AffiliateRepository extends AffiliateLocks {
  /** `duplicate_email` when the email (case-insensitive) is taken at the merchant in the mode; `ref_code_taken` to draw another code. */
  insert(affiliate: Affiliate): Promise<'inserted' | 'duplicate_email' | 'ref_code_taken'>;
  /** `duplicate_email` when another of the merchant's affiliates took the email meanwhile; nothing is changed then. */
  update(affiliate: Affiliate): Promise<'updated' | 'duplicate_email'>;
  /** The tenant's affiliate with that email (case-insensitive), whatever its memberships. */
  findByEmail(tenant: Tenant, email: string): Promise<Affiliate | null>;
  /** The tenant's affiliate with that id. */
  findById(tenant: Tenant, id: string): Promise<Affiliate | null>;
  /** The tenant's affiliate with that id, locked for the transaction. */
  findByIdForUpdate(tenant: Tenant, id: string): Promise<Affiliate | null>;
  /** Distinct affiliates with a pending or approved membership: what the plan's affiliate limit counts. */
  countTowardsLimit(tenant: Tenant): Promise<number>;
}

/** What a ban does to memberships: locks each of the affiliate's and writes its new status. */
export interface MembershipUpdates {
  /** Locks the membership row for the rest of the transaction. */
  findForUpdate(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null>;
  update(tenant: Tenant, membership: Membership): Promise<void>;
}

export interface MembershipRepository extends MembershipUpdates {
  insert(tenant: Tenant, membership: Membership): Promise<void>;
  find(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null>;
}
