import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface InvitationMailInput {
  readonly merchantId: string;
  readonly businessName: string;
  readonly campaignName: string;
  readonly to: string;
  readonly recipientName: string | null;
  /** The portal's accept page for this invitation. */
  readonly acceptLink: string;
}

/** `affiliate_invitation`: the merchant invites someone to promote a campaign. */
export const invitationMail = (input: InvitationMailInput): MailMessage => {
  const subject = `${input.businessName} invites you to promote ${input.campaignName}`;
  const layout = {
    brand: input.businessName,
    paragraphs: [
      input.recipientName ? `Hello ${input.recipientName},` : 'Hello,',
      `${input.businessName} invites you to join its affiliate campaign "${input.campaignName}" and earn commission on the sales you refer.`,
    ],
    action: { label: 'Accept the invitation', url: input.acceptLink },
    footnote: 'If you did not expect this invitation, ignore this message.',
  };
  return {
    merchantId: input.merchantId,
    kind: 'affiliate_invitation',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.acceptLink,
  };
};
