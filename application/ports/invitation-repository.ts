import type { AffiliateInvitation, InvitationStatus } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface InvitationRepository {
  /** `duplicate` when the same email already has a pending invitation to the campaign in that mode. */
  insert(invitation: AffiliateInvitation): Promise<'inserted' | 'duplicate'>;
  update(invitation: AffiliateInvitation): Promise<void>;
  /** Locks the invitation for the rest of the transaction; null when it is not the tenant's. */
  findForUpdate(tenant: Tenant, id: string): Promise<AffiliateInvitation | null>;
  /** The pending invitation of the email (case-insensitive) to the campaign, locked; null when there is none. */
  findPendingForUpdate(tenant: Tenant, campaignId: string, email: string): Promise<AffiliateInvitation | null>;
  /** The tenant's invitations, newest first, optionally of one status. */
  list(tenant: Tenant, filter: InvitationFilter, page: PageRequest): Promise<Page<AffiliateInvitation>>;
  /**
   * Pending invitations of any tenant whose `expiresAt` has passed at `now`, oldest first, locked with
   * SKIP LOCKED (other processes skip them). Must run in a transaction.
   */
  claimDueToExpire(now: Date, limit: number): Promise<readonly AffiliateInvitation[]>;
}

/** Which invitations a list shows: by status, and sent from (inclusive) / before (exclusive) an instant. */
export interface InvitationFilter {
  readonly status?: InvitationStatus | undefined;
  readonly createdFrom?: Date | undefined;
  readonly createdBefore?: Date | undefined;
}
