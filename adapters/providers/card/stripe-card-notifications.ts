import { err, ok, type Result } from 'neverthrow';
import Stripe from 'stripe';
import type { NotificationRefusal, ProviderNotificationReader, RawNotification } from '../../../application/ports/provider-notifications.js';
import type { Integration, ProviderNotice } from '../../../domain/index.js';
import { signingSecretOf } from '../shared/notification-checks.js';
import { stripeEventFacts, type StripeEventLike } from './stripe-event-facts.js';

/** Stripe's default: a signature older than five minutes is refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The `card` provider: the card processor's notifications are Stripe events. The signature
 * (`Stripe-Signature`, HMAC-SHA256 over the raw body, compared in constant time, timestamp within
 * 300 s) is checked by the official `stripe` package; the event becomes neutral facts.
 */
export class StripeCardNotifications implements ProviderNotificationReader {
  readonly provider = 'card' as const;
  // Only the webhook helpers are used: no API key, no network.
  private readonly stripe = new Stripe('sk_unused_webhook_verification_only');

  async read(notification: RawNotification, integration: Integration): Promise<Result<ProviderNotice, NotificationRefusal>> {
    const header = notification.header('stripe-signature');
    if (!header) return err({ kind: 'invalid_signature', message: 'The Stripe-Signature header is missing' });
    const secret = signingSecretOf(integration);
    if (secret.isErr()) return err(secret.error);
    let event: StripeEventLike;
    try {
      event = this.stripe.webhooks.constructEvent(notification.rawBody, header, secret.value, SIGNATURE_TOLERANCE_SECONDS) as unknown as StripeEventLike;
    } catch (error) {
      if (error instanceof SyntaxError) return err({ kind: 'invalid_json', message: 'The body is not valid JSON' });
      return err({ kind: 'invalid_signature', message: error instanceof Error ? error.message : 'The signature does not verify' });
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) {
      return err({ kind: 'invalid_json', message: 'The body is not a Stripe event (id, type, data.object)' });
    }
    return ok({
      provider: 'card',
      eventId: event.id,
      type: event.type,
      livemode: typeof event.livemode === 'boolean' ? event.livemode : null,
      ...stripeEventFacts(event),
    });
  }
}
