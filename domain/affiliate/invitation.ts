import { err, ok, type Result } from 'neverthrow';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import { AFFILIATE_NAME_MAX, isEmail } from './affiliate.js';

/**
 * `pending` on creation; `accepted` when the invitee accepts it in the affiliate portal (which joins
 * them to the campaign); `revoked` when the merchant withdraws it. Only a pending one moves.
 */
export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface AffiliateInvitation {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly email: string;
  readonly name: string | null;
  readonly status: InvitationStatus;
  readonly createdAt: Date;
}

export interface NewInvitation {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly email: string;
  readonly name?: string | null | undefined;
  readonly now: Date;
}

export const inviteAffiliate = (input: NewInvitation): Result<AffiliateInvitation, DomainError> => {
  const email = input.email.trim();
  if (!isEmail(email)) return err(validationError('email', 'must be a valid email address'));
  const name = input.name?.trim() || null;
  if (name && name.length > AFFILIATE_NAME_MAX) return err(validationError('name', `must be at most ${AFFILIATE_NAME_MAX} characters`));
  return ok({
    id: input.id,
    merchantId: input.merchantId,
    mode: input.mode,
    campaignId: input.campaignId,
    email,
    name,
    status: 'pending',
    createdAt: input.now,
  });
};

/** pending → accepted: the invitee accepted in the portal. Anything else is `invalid_transition`. */
export const acceptInvitation = (invitation: AffiliateInvitation): Result<AffiliateInvitation, DomainError> =>
  invitation.status === 'pending'
    ? ok({ ...invitation, status: 'accepted' })
    : err(domainError('invalid_transition', `Only a pending invitation can be accepted; this one is ${invitation.status}`));
