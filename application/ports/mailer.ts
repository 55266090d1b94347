import type { Mode } from '../../domain/index.js';

/** An email the service sends on a merchant's behalf (or its own, when `merchantId` is null). */
export interface MailMessage {
  readonly merchantId: string | null;
  /** What the message is, e.g. `affiliate_invitation`. */
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The same content as HTML; templates in `application/mail/templates` give both. */
  readonly html?: string | undefined;
  /** Test-mode messages are recorded as `suppressed` and never sent (spec: test keys send no email). */
  readonly mode?: Mode | undefined;
  /**
   * The one link the message is about (accept, sign in, set password). Logged when no relay is
   * configured, so a local user can follow it; never stored apart from the body.
   */
  readonly link?: string | undefined;
  /** The body carries a credential (a single-use link): it is blanked in the outbox once sent. */
  readonly sensitive?: boolean | undefined;
}

/**
 * Outgoing mail. Called inside the use case's transaction, so a message exists only if the change
 * that caused it commits; a background job hands queued messages to the relay.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
