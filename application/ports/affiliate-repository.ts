import type { Affiliate, Mode } from '../../domain/index.js';
import type { Membership } from '../../domain/affiliate/membership.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Affiliates are people shared across merchants (one record per email and mode); a merchant reaches
 * one only through a membership on its campaigns in the tenant's mode. The few lookups that cross
 * tenants say so in their names and exist for global rules (email uniqueness, operator actions).
 */
export interface AffiliateRepository {
  /** `duplicate_email` when the email (case-insensitive) is taken in the mode; `ref_code_taken` to draw another code. */
  insert(affiliate: Affiliate): Promise<'inserted' | 'duplicate_email' | 'ref_code_taken'>;
  update(affiliate: Affiliate): Promise<void>;
  /** Global within the mode: email uniqueness spans merchants. */
  findByEmailAcrossMerchants(mode: Mode, email: string): Promise<Affiliate | null>;
  /** The affiliate if it has a membership (any status) with the tenant's merchant in the tenant's mode. */
  findById(tenant: Tenant, id: string): Promise<Affiliate | null>;
  /** Operator actions on the person itself (payout details), locked for the transaction. */
  findByIdForUpdateAcrossMerchants(id: string): Promise<Affiliate | null>;
  /** Distinct affiliates with a pending or approved membership: what the plan's affiliate limit counts. */
  countTowardsLimit(tenant: Tenant): Promise<number>;
}

export interface MembershipRepository {
  insert(tenant: Tenant, membership: Membership): Promise<void>;
  find(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null>;
  /** Locks the membership row for the rest of the transaction. */
  findForUpdate(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null>;
  update(tenant: Tenant, membership: Membership): Promise<void>;
  /** The tenants (merchant and mode) where the affiliate has any membership. */
  tenantsOf(affiliateId: string): Promise<readonly Tenant[]>;
}
