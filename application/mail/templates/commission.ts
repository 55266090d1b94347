import type { Mode } from '../../../domain/index.js';
import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface CommissionMailInput {
  readonly merchantId: string;
  /** Test-mode commissions are recorded as suppressed, never sent. */
  readonly mode: Mode;
  readonly businessName: string;
  readonly to: string;
  readonly affiliateName: string;
  /** The commission with its currency, formatted to the currency's decimals. */
  readonly commission: string;
  readonly event: 'created' | 'approved';
  /** The affiliate's conversions page in the portal. */
  readonly portalLink: string;
}

/** `commission_created` and `commission_approved`: the affiliate earned a commission, or it was approved for payment. */
export const commissionMail = (input: CommissionMailInput): MailMessage => {
  const created = input.event === 'created';
  const subject = created ? `You earned ${input.commission} from ${input.businessName}` : `${input.businessName} approved your ${input.commission} commission`;
  const line = created
    ? `A sale you referred to ${input.businessName} earned you ${input.commission}. It is paid once ${input.businessName} approves it.`
    : `${input.businessName} approved your commission of ${input.commission}. It is paid with your next payout.`;
  return {
    merchantId: input.merchantId,
    mode: input.mode,
    kind: created ? 'commission_created' : 'commission_approved',
    to: input.to,
    ...mailParts(subject, { brand: input.businessName, paragraphs: [`Hello ${input.affiliateName},`, line], action: { label: 'See your conversions', url: input.portalLink } }),
    link: input.portalLink,
  };
};
