import type { AffiliateInvitation } from '../../domain/index.js';

export interface InvitationRepository {
  /** `duplicate` when the same email already has a pending invitation to the campaign in that mode. */
  insert(invitation: AffiliateInvitation): Promise<'inserted' | 'duplicate'>;
  /** By id alone (the portal's accept link names no merchant), locked for the transaction. */
  findByIdForUpdateAcrossMerchants(id: string): Promise<AffiliateInvitation | null>;
  updateStatus(invitation: AffiliateInvitation): Promise<void>;
}
