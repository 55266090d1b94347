import { eventDelivery, listensTo, type WebhookDelivery, type WebhookSubscription } from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { PendingOutboxEvents, WebhookDeliveryRepository, WebhookSubscriptionRepository } from '../ports/webhook-repositories.js';

/**
 * Claims undispatched outbox events (`SKIP LOCKED`), writes one delivery per active live subscription
 * listening for each (at most one per event and subscription), and marks the events dispatched, in
 * one transaction per batch. Test-mode events are marked and produce nothing.
 */
export class FanOutWebhookEvents {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly events: PendingOutboxEvents,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** Returns how many outbox events were dispatched (at most `max`). */
  async run(now: Date, batch: number, max: number): Promise<number> {
    let total = 0;
    while (total < max) {
      const handled = await this.uow.transaction(() => this.oneBatch(now, batch));
      total += handled;
      if (handled < batch) break;
    }
    return total;
  }

  private async oneBatch(now: Date, batch: number): Promise<number> {
    const events = await this.events.claim(batch);
    // Test-key activity dispatches no webhooks (spec, Authentication 4).
    const live = events.filter((event) => event.mode === 'live');
    // One lookup for every merchant in the batch, not one per event.
    const byMerchant = new Map<string, WebhookSubscription[]>();
    for (const subscription of await this.subscriptions.activeLiveOf(live.map((e) => e.merchantId))) {
      byMerchant.set(subscription.merchantId, [...(byMerchant.get(subscription.merchantId) ?? []), subscription]);
    }
    const deliveries: WebhookDelivery[] = [];
    for (const event of live) {
      for (const subscription of byMerchant.get(event.merchantId) ?? []) {
        if (!listensTo(subscription, event.type)) continue;
        deliveries.push(eventDelivery(this.ids.next(), subscription, event, now, this.clock.now()));
      }
    }
    if (deliveries.length > 0) await this.deliveries.insertIfAbsent(deliveries);
    if (events.length > 0) await this.events.markDispatched(events.map((e) => e.id), this.clock.now());
    return events.length;
  }
}
