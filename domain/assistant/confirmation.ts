import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';

/** How long a money move's preview can be confirmed. */
export const CONFIRMATION_TTL_MS = 10 * 60 * 1000;

/** What a confirmation token was issued for: one caller, one tool with exactly these arguments, the rows as previewed. */
export interface ConfirmationTerms {
  readonly callerId: string;
  readonly tool: string;
  /** Digest of the arguments, the token aside. */
  readonly argsDigest: string;
  /** Digest of the previewed rows as they stood. */
  readonly stateDigest: string;
}

export interface IssuedConfirmation extends ConfirmationTerms {
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

export const confirmationExpiry = (now: Date): Date => new Date(now.getTime() + CONFIRMATION_TTL_MS);

const invalid = (message: string): DomainError<'confirmation_invalid'> =>
  domainError('confirmation_invalid', message, [{ field: 'confirmationToken', message }]);

/**
 * Whether a presented token confirms this call: issued (to this caller), unused, unexpired at `now`,
 * for the same tool and arguments; and the rows still as previewed, else `stale_preview` (preview
 * again). Checked in that order, so a stale preview is only reported for a token that was otherwise good.
 */
export const checkConfirmation = (issued: IssuedConfirmation | null, presented: ConfirmationTerms, now: Date): Result<void, DomainError> => {
  if (!issued || issued.callerId !== presented.callerId) return err(invalid('Unknown confirmation token: call the tool without confirmationToken for a preview'));
  if (issued.usedAt) return err(invalid('This confirmation token was used already: each preview confirms one call'));
  if (now.getTime() >= issued.expiresAt.getTime()) return err(invalid('This confirmation token expired (10 minutes): call the tool again for a new preview'));
  if (issued.tool !== presented.tool || issued.argsDigest !== presented.argsDigest) {
    return err(invalid('This confirmation token was issued for other arguments: confirm exactly the previewed call'));
  }
  if (issued.stateDigest !== presented.stateDigest) {
    return err(domainError('stale_preview', 'The rows changed since the preview: call the tool again without confirmationToken for a new preview'));
  }
  return ok(undefined);
};
