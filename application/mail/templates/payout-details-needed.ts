import type { Mode } from '../../../domain/index.js';
import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface PayoutDetailsNeededMailInput {
  readonly merchantId: string;
  /** Test-mode notices are recorded as suppressed, never sent. */
  readonly mode: Mode;
  readonly businessName: string;
  readonly to: string;
  readonly affiliateName: string;
  /** What waits for the details, e.g. "45.00 USD and 12.00 EUR". */
  readonly amountDue: string;
  /** Why: no details saved yet, or the provider's refusal of the saved ones. */
  readonly reason: 'missing' | { readonly refused: string };
  /** The affiliate's payout-details page in the portal. */
  readonly portalLink: string;
}

/** `payout_details_needed`: commission is due but cannot be paid until the affiliate completes or corrects its payout details. */
export const payoutDetailsNeededMail = (input: PayoutDetailsNeededMailInput): MailMessage => {
  const subject = `${input.businessName}: add your payout details to receive ${input.amountDue}`;
  const why =
    input.reason === 'missing'
      ? `You have ${input.amountDue} in commission from ${input.businessName} waiting, but no payout details yet.`
      : `A payout of ${input.amountDue} from ${input.businessName} could not be sent (${input.reason.refused}).`;
  const layout = {
    brand: input.businessName,
    paragraphs: [`Hello ${input.affiliateName},`, why, 'Add or correct your payout details and the payout goes out with the next payout run.'],
    action: { label: 'Add your payout details', url: input.portalLink },
  };
  return {
    merchantId: input.merchantId,
    mode: input.mode,
    kind: 'payout_details_needed',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.portalLink,
  };
};
