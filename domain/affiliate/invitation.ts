import { err, ok, type Result } from 'neverthrow';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import { AFFILIATE_NAME_MAX, isEmail } from './affiliate.js';

/**
 * An invitation's life: `pending` when sent; `accepted` in the affiliate portal, `revoked` by the
 * merchant, `expired` once its `expiresAt` passes (the expiry job, on the service clock). Only
 * `pending` moves; the other three are final, and a new invitation for the same email and campaign
 * may be sent once the last one is in any of them.
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const DAY_MS = 86_400_000;

export interface AffiliateInvitation {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly email: string;
  readonly name: string | null;
  readonly status: InvitationStatus;
  /** When the current link stops working: the last send plus the merchant's `invitationExpiryDays`. */
  readonly expiresAt: Date;
  /** The last time it was sent (creation, then each resend). */
  readonly sentAt: Date;
  /** How many times it was sent, the first time included. */
  readonly sendCount: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewInvitation {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly email: string;
  readonly name?: string | null | undefined;
  /** The merchant's `invitationExpiryDays`. */
  readonly expiryDays: number;
  readonly now: Date;
}

const expiryFrom = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS);

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
    expiresAt: expiryFrom(input.now, input.expiryDays),
    sentAt: input.now,
    sendCount: 1,
    createdAt: input.now,
    updatedAt: input.now,
  });
};

export interface InvitationChange {
  readonly invitation: AffiliateInvitation;
  /** False for an idempotent repeat (revoking a revoked invitation): nothing to save. */
  readonly changed: boolean;
}

/** Pending, and its link still within its time: the only invitation that can be resent or accepted. */
export const isOpen = (invitation: Pick<AffiliateInvitation, 'status' | 'expiresAt'>, now: Date): boolean =>
  invitation.status === 'pending' && invitation.expiresAt.getTime() > now.getTime();

type InvitationAction = 'revoke' | 'resend' | 'accept';

const invalidInvitationTransition = (invitation: AffiliateInvitation, action: InvitationAction, now: Date): DomainError<'invalid_transition'> => {
  const state = invitation.status === 'pending' && !isOpen(invitation, now) ? 'expired' : invitation.status;
  return domainError('invalid_transition', `A ${state} invitation cannot be ${action === 'resend' ? 'resent' : `${action}ed`}`);
};

/** `DELETE /affiliates/invitations/:id`: pending → revoked; its link stops working. Revoking twice changes nothing. */
export const revokeInvitation = (invitation: AffiliateInvitation, now: Date): Result<InvitationChange, DomainError> => {
  if (invitation.status === 'revoked') return ok({ invitation, changed: false });
  if (invitation.status !== 'pending') return err(invalidInvitationTransition(invitation, 'revoke', now));
  return ok({ invitation: { ...invitation, status: 'revoked', updatedAt: now }, changed: true });
};

/** Resend: an open invitation is sent again, and its link works for another `expiryDays` from now. */
export const resendInvitation = (invitation: AffiliateInvitation, now: Date, expiryDays: number): Result<InvitationChange, DomainError> => {
  if (!isOpen(invitation, now)) return err(invalidInvitationTransition(invitation, 'resend', now));
  return ok({
    invitation: { ...invitation, sentAt: now, sendCount: invitation.sendCount + 1, expiresAt: expiryFrom(now, expiryDays), updatedAt: now },
    changed: true,
  });
};

/** The affiliate accepts in the portal: an open invitation → accepted. */
export const acceptInvitation = (invitation: AffiliateInvitation, now: Date): Result<InvitationChange, DomainError> => {
  if (!isOpen(invitation, now)) return err(invalidInvitationTransition(invitation, 'accept', now));
  return ok({ invitation: { ...invitation, status: 'accepted', updatedAt: now }, changed: true });
};

/** The expiry job: a pending invitation whose time has passed → expired; anything else stays. */
export const expireInvitation = (invitation: AffiliateInvitation, now: Date): InvitationChange =>
  invitation.status === 'pending' && !isOpen(invitation, now)
    ? { invitation: { ...invitation, status: 'expired', updatedAt: now }, changed: true }
    : { invitation, changed: false };
