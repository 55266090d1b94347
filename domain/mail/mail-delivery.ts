import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';

/**
 * A message in the mail outbox. `queued` waits for its next attempt; `sent` was accepted by the
 * relay; `failed` was refused for good (a permanent SMTP answer, or every attempt used); `suppressed`
 * came from test-mode activity and is never sent.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailDelivery {
  readonly status: MailStatus;
  readonly attempts: number;
  /** When a queued message may be tried next; null once it left the queue. */
  readonly nextAttemptAt: Date | null;
  readonly sentAt: Date | null;
  readonly lastError: string | null;
  /** The relay's answer to the last attempt (e.g. `250 2.0.0 OK queued as …`). */
  readonly providerResponse: string | null;
  readonly providerMessageId: string | null;
}

/** What one attempt at handing the message to the relay gave. */
export type SendOutcome =
  | { readonly accepted: true; readonly response: string; readonly messageId: string | null }
  /** `permanent`: the relay refused the message itself (SMTP 5xx); retrying cannot help. */
  | { readonly accepted: false; readonly permanent: boolean; readonly error: string; readonly response: string | null };

/** Attempts before a message that keeps failing transiently is marked `failed` (about 7 hours). */
export const MAIL_MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** Wait after the `attempts`-th failed attempt: 1, 2, 4, … minutes, at most an hour. */
export const mailRetryDelayMs = (attempts: number): number =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

export const queuedMail = (now: Date): MailDelivery => ({
  status: 'queued',
  attempts: 0,
  nextAttemptAt: now,
  sentAt: null,
  lastError: null,
  providerResponse: null,
  providerMessageId: null,
});

export const suppressedMail = (): MailDelivery => ({ ...queuedMail(new Date(0)), status: 'suppressed', nextAttemptAt: null });

const notQueued = (status: MailStatus): DomainError<'invalid_transition'> =>
  domainError('invalid_transition', `Only a queued message can be sent; this one is ${status}`);

/**
 * How long a claimed message waits for its attempt's answer to be recorded before another run may
 * try it again: longer than a claimed batch takes to send (the relay's timeouts bound each message).
 */
export const MAIL_LEASE_MS = 5 * 60_000;

/**
 * A queued message is claimed for an attempt: its next attempt moves a lease ahead, committed before
 * the relay is called, so no other process sends it meanwhile; a process that dies before recording
 * the answer leaves it to be tried again once the lease has passed. No attempt is counted yet.
 */
export const leaseMail = (mail: MailDelivery, now: Date, leaseMs: number = MAIL_LEASE_MS): Result<MailDelivery, DomainError> =>
  mail.status === 'queued' ? ok({ ...mail, nextAttemptAt: new Date(now.getTime() + leaseMs) }) : err(notQueued(mail.status));

/** queued → sent, queued (retry after the backoff) or failed. */
export const recordSendAttempt = (mail: MailDelivery, outcome: SendOutcome, now: Date): Result<MailDelivery, DomainError> => {
  if (mail.status !== 'queued') return err(notQueued(mail.status));
  const attempts = mail.attempts + 1;
  if (outcome.accepted) {
    return ok({
      ...mail,
      status: 'sent',
      attempts,
      nextAttemptAt: null,
      sentAt: now,
      lastError: null,
      providerResponse: outcome.response,
      providerMessageId: outcome.messageId,
    });
  }
  const givesUp = outcome.permanent || attempts >= MAIL_MAX_ATTEMPTS;
  return ok({
    ...mail,
    status: givesUp ? 'failed' : 'queued',
    attempts,
    nextAttemptAt: givesUp ? null : new Date(now.getTime() + mailRetryDelayMs(attempts)),
    lastError: outcome.error,
    providerResponse: outcome.response,
  });
};

/** failed → queued: the operator asks for another round of attempts (after fixing the relay). */
export const requeueMail = (mail: MailDelivery, now: Date): Result<MailDelivery, DomainError> =>
  mail.status === 'failed'
    ? ok({ ...mail, status: 'queued', attempts: 0, nextAttemptAt: now })
    : err(domainError('invalid_transition', `Only a failed message can be queued again; this one is ${mail.status}`));
