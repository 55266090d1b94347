import type { AffiliateInvitation } from '../../domain/index.js';

export interface InvitationRepository {
  /** `duplicate` when the same email already has a pending invitation to the campaign in that mode. */
  insert(invitation: AffiliateInvitation): Promise<'inserted' | 'duplicate'>;
}
