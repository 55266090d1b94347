import type { Mode } from '../../../domain/index.js';
import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface PayoutCompletedMailInput {
  readonly merchantId: string;
  /** Test-mode payouts are recorded as suppressed, never sent. */
  readonly mode: Mode;
  readonly businessName: string;
  /** The affiliate's address. */
  readonly to: string;
  readonly affiliateName: string;
  /** The paid amount as a decimal string in `currency` (never a float). */
  readonly amount: string;
  readonly currency: string;
  /** How it was paid, in words (e.g. "to your connected account"). */
  readonly method: string;
  /** The affiliate's payouts page in the portal. */
  readonly portalLink: string;
}

/** `payout_completed`: the affiliate was paid. */
export const payoutCompletedMail = (input: PayoutCompletedMailInput): MailMessage => {
  const amount = `${input.amount} ${input.currency.toUpperCase()}`;
  const subject = `${input.businessName} paid you ${amount}`;
  const layout = {
    brand: input.businessName,
    paragraphs: [`Hello ${input.affiliateName},`, `${input.businessName} paid you ${amount} in commission ${input.method}.`],
    action: { label: 'See your payouts', url: input.portalLink },
  };
  return {
    merchantId: input.merchantId,
    mode: input.mode,
    kind: 'payout_completed',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.portalLink,
  };
};
