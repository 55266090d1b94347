import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import { AFFILIATE_NAME_MAX, isEmail } from './affiliate.js';

/** `pending` on creation; acceptance happens in the affiliate portal (outside this API). */
export type InvitationStatus = 'pending';

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
