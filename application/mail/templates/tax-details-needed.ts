import type { Mode } from '../../../domain/index.js';
import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface TaxDetailsNeededMailInput {
  readonly merchantId: string;
  /** Test-mode notices are recorded as suppressed, never sent. */
  readonly mode: Mode;
  readonly businessName: string;
  readonly to: string;
  readonly affiliateName: string;
  /** What waits, e.g. "45.00 USD". */
  readonly amountDue: string;
  /** The affiliate's tax-details page in the portal. */
  readonly portalLink: string;
}

/** `tax_details_needed`: a payout waits (`tax_details_missing`) until the affiliate gives its tax details. */
export const taxDetailsNeededMail = (input: TaxDetailsNeededMailInput): MailMessage => {
  const subject = `${input.businessName}: give your tax details to receive ${input.amountDue}`;
  const layout = {
    brand: input.businessName,
    paragraphs: [
      `Hello ${input.affiliateName},`,
      `A payout of ${input.amountDue} from ${input.businessName} is waiting: the program needs your tax details (a W-9, W-8BEN or W-8BEN-E) before it pays you.`,
      'Give them once in the portal and the payout goes out with the next payout run.',
    ],
    action: { label: 'Give your tax details', url: input.portalLink },
  };
  return {
    merchantId: input.merchantId,
    mode: input.mode,
    kind: 'tax_details_needed',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.portalLink,
  };
};
