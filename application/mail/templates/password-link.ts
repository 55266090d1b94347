import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface PasswordLinkMailInput {
  /** The merchant the user belongs to (null for a service-level account). */
  readonly merchantId: string | null;
  /** Shown as the sender brand, e.g. the merchant's business name. */
  readonly brand: string;
  readonly to: string;
  /** `set`: a new user's first password (invitation); `reset`: a forgotten one. */
  readonly purpose: 'set' | 'reset';
  readonly link: string;
  readonly validForMinutes: number;
}

/** `password_set` / `password_reset`: a single-use link to choose a password (blanked in the outbox once sent). */
export const passwordLinkMail = (input: PasswordLinkMailInput): MailMessage => {
  const set = input.purpose === 'set';
  const subject = set ? `Set your password for ${input.brand}` : `Reset your password for ${input.brand}`;
  const layout = {
    brand: input.brand,
    paragraphs: set
      ? ['Hello,', `An account was created for you on the ${input.brand} dashboard. Choose a password to sign in.`]
      : ['Hello,', `Someone (we hope you) asked to reset the password of your ${input.brand} dashboard account.`],
    action: { label: set ? 'Set your password' : 'Reset your password', url: input.link },
    footnote: set
      ? `The link works once, for ${input.validForMinutes} minutes.`
      : `The link works once, for ${input.validForMinutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
  };
  return {
    merchantId: input.merchantId,
    kind: set ? 'password_set' : 'password_reset',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.link,
    sensitive: true,
  };
};
