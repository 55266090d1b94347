import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface MerchantNoticeMailInput {
  readonly merchantId: string;
  readonly businessName: string;
  readonly to: string;
  /** The notice's kind; the message's kind is `notice_<kind>`. */
  readonly kind: string;
  /** The notice itself: what happened and what to do in the dashboard. */
  readonly message: string;
  /** The dashboard's notifications page. */
  readonly link: string;
}

const SUBJECTS: Readonly<Record<string, string>> = {
  new_application: 'A new affiliate application to review',
  first_sale: "An affiliate's first sale",
  payouts_due: 'Payouts are due',
};

/** `notice_<kind>`: a dashboard notice the merchant chose to receive by email too (Settings → Email notices). */
export const merchantNoticeMail = (input: MerchantNoticeMailInput): MailMessage => ({
  merchantId: input.merchantId,
  kind: `notice_${input.kind}`,
  to: input.to,
  ...mailParts(SUBJECTS[input.kind] ?? 'Something in your affiliate program needs attention', {
    brand: input.businessName,
    paragraphs: [`Hello ${input.businessName},`, input.message],
    action: { label: 'Open your notifications', url: input.link },
    footnote: 'You chose to receive these in Settings → Email notices of your dashboard; change it there.',
  }),
  link: input.link,
});
