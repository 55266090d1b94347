import type { MailMessage } from '../../ports/mailer.js';
import { mailParts } from './layout.js';

export interface WebhookPausedMailInput {
  readonly merchantId: string;
  readonly businessName: string;
  readonly to: string;
  readonly subscriptionId: string;
  readonly url: string;
  readonly failures: number;
  /** Where the merchant can see and resend the failed deliveries (a dashboard page), if any. */
  readonly manageLink?: string | undefined;
}

/** `webhook_paused`: a subscription paused itself after consecutive failed deliveries. */
export const webhookPausedMail = (input: WebhookPausedMailInput): MailMessage => {
  const subject = 'A webhook endpoint was paused';
  const layout = {
    brand: input.businessName,
    paragraphs: [
      `Hello ${input.businessName},`,
      `Your webhook endpoint ${input.url} (subscription ${input.subscriptionId}) was paused after ${input.failures} consecutive failed deliveries.`,
      'Fix the endpoint, then open Webhooks in your dashboard and resume the subscription.',
      "Deliveries that failed are in the subscription's delivery log there, and can be resent.",
    ],
    action: input.manageLink ? { label: 'Open the webhook', url: input.manageLink } : undefined,
  };
  return {
    merchantId: input.merchantId,
    kind: 'webhook_paused',
    to: input.to,
    ...mailParts(subject, layout),
    link: input.manageLink,
  };
};
