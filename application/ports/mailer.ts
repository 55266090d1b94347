/** An email the service sends on a merchant's behalf (or its own, when `merchantId` is null). */
export interface MailMessage {
  readonly merchantId: string | null;
  /** What the message is, e.g. `affiliate_invitation`. */
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Outgoing mail. Called inside the use case's transaction, so a message exists only if the change
 * that caused it commits. Test-mode activity never calls it (spec: test keys send no real email).
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
