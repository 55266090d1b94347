import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface SignInLinkMailInput {
  /** The merchant whose portal (custom domain) the link opens; null for the service's own portal. */
  readonly merchantId: string | null;
  /** The merchant's business name, or the service's name. */
  readonly brand: string;
  readonly to: string;
  readonly link: string;
  readonly validForMinutes: number;
}

/** `sign_in_link`: a single-use passwordless sign-in link (blanked in the outbox once sent). */
export const signInLinkMail = (input: SignInLinkMailInput): MailMessage => {
  const subject = `Your sign-in link for ${input.brand}`;
  const layout = {
    brand: input.brand,
    paragraphs: ['Hello,', 'Someone (we hope you) asked to sign in to the affiliate portal with this email address.'],
    action: { label: 'Sign in', url: input.link },
    footnote: `The link works once, for ${input.validForMinutes} minutes. If you did not ask for it, ignore this message: nobody can sign in without it.`,
  };
  return {
    merchantId: input.merchantId,
    kind: 'sign_in_link',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.link,
    sensitive: true,
  };
};
