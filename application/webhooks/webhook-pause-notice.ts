import { FAILURES_BEFORE_PAUSE, type WebhookSubscription } from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import { webhookPausedMail } from '../mail/templates/index.js';
import type { Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { NotificationRepository } from '../ports/notification-repository.js';

/** Tells the merchant, in-app and by email, that a subscription paused itself (spec: Delivery behaviour 3). */
export class WebhookPauseNotice {
  constructor(
    private readonly merchants: MerchantRepository,
    private readonly notifications: NotificationRepository,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** Inside the transaction that paused it: the notice exists only if the pause commits. */
  async paused(subscription: WebhookSubscription): Promise<void> {
    const message =
      `Your webhook endpoint ${subscription.url} (subscription ${subscription.id}) was paused after ` +
      `${FAILURES_BEFORE_PAUSE} consecutive failed deliveries. Fix the endpoint, then open Webhooks in your ` +
      `dashboard and resume the subscription; failed deliveries can be resent from its delivery log.`;
    await this.notifications.insert({
      id: this.ids.next(),
      merchantId: subscription.merchantId,
      kind: 'webhook_paused',
      message,
      createdAt: this.clock.now(),
    });
    // Test-mode subscriptions never get automatic deliveries, so this is always live; the guard keeps
    // the rule that test activity sends no email.
    if (subscription.mode !== 'live') return;
    const merchant = await this.merchants.findById(subscription.merchantId);
    if (!merchant) return;
    await this.mailer.send(
      webhookPausedMail({
        merchantId: merchant.id,
        businessName: merchant.businessName,
        to: merchant.email,
        subscriptionId: subscription.id,
        url: subscription.url,
        failures: FAILURES_BEFORE_PAUSE,
      }),
    );
  }
}
