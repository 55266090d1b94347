import type { MailMessage } from '../../ports/mailer.js';
import { htmlPart, textPart } from './layout.js';

export interface PayoutCompletedMailInput {
  readonly merchantId: string;
  readonly businessName: string;
  /** The affiliate's address. */
  readonly to: string;
  readonly affiliateName: string;
  /** The paid amount as a decimal string in `currency` (never a float). */
  readonly amount: string;
  readonly currency: string;
  /** How it was paid: `connect`, `wallet_a`, `transfer_b` or `manual`. */
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
    paragraphs: [`Hello ${input.affiliateName},`, `${input.businessName} paid you ${amount} in commission (${input.method}).`],
    action: { label: 'See your payouts', url: input.portalLink },
  };
  return {
    merchantId: input.merchantId,
    kind: 'payout_completed',
    to: input.to,
    subject,
    text: textPart(layout),
    html: htmlPart(layout, subject),
    link: input.portalLink,
  };
};
