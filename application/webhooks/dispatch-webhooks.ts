import {
  afterAutomaticAttempt,
  recordDeliveryOutcome,
  serializeEnvelope,
  skipDelivery,
  webhookEnvelope,
  type WebhookDelivery,
  type WebhookSubscription,
} from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type {
  PendingOutboxEvents,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository,
} from '../ports/webhook-repositories.js';
import type { WebhookAttempts } from './webhook-attempts.js';
import type { WebhookPauseNotice } from './webhook-pause-notice.js';

export interface DispatchSettings {
  /** Outbox events taken per transaction. */
  readonly fanOutBatch: number;
  /** Deliveries sent at once by one run (each holds a connection while it waits for the endpoint). */
  readonly concurrency: number;
  /** Upper bound of items one run handles, so a run always ends. */
  readonly maxPerRun: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = { fanOutBatch: 100, concurrency: 4, maxPerRun: 1_000 };

/**
 * The webhook worker (`webhook-dispatch`). Two steps, each safe in any number of processes at once:
 *
 * 1. Fan-out: claims undispatched outbox events (`SKIP LOCKED`), writes one delivery per active live
 *    subscription listening for the event (at most one per event and subscription), and marks the
 *    events dispatched, all in one transaction. Test-mode events are marked and produce nothing.
 * 2. Delivery: claims one due delivery at a time (`SKIP LOCKED`), sends it, and records the attempt
 *    and its outcome in the same transaction. A crash before the commit leaves the delivery pending,
 *    so nothing committed is ever lost; it is sent after restart.
 *
 * Returns the number of outbox events dispatched plus the number of deliveries handled.
 */
export class DispatchWebhooks implements DueJob {
  readonly name = 'webhook-dispatch';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly events: PendingOutboxEvents,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookAttempts,
    private readonly pauseNotice: WebhookPauseNotice,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: DispatchSettings = DEFAULT_DISPATCH_SETTINGS,
  ) {}

  async runDue(now: Date): Promise<number> {
    const dispatched = await this.fanOut(now);
    const delivered = await this.deliverDue(now);
    return dispatched + delivered;
  }

  /** Step 1; returns how many outbox events were dispatched. */
  async fanOut(now: Date): Promise<number> {
    let total = 0;
    while (total < this.settings.maxPerRun) {
      const handled = await this.uow.transaction(async () => {
        const events = await this.events.claim(this.settings.fanOutBatch);
        const deliveries: WebhookDelivery[] = [];
        // One subscription lookup per merchant and event type in the batch, not one per event.
        const listeners = new Map<string, Promise<readonly WebhookSubscription[]>>();
        for (const event of events) {
          // Test-key activity dispatches no webhooks (spec, Authentication 4).
          if (event.mode !== 'live') continue;
          const key = `${event.merchantId} ${event.type}`;
          let found = listeners.get(key);
          if (!found) {
            found = this.subscriptions.listeningTo({ merchantId: event.merchantId, mode: 'live' }, event.type);
            listeners.set(key, found);
          }
          const listening = await found;
          for (const subscription of listening) {
            const id = this.ids.next();
            deliveries.push({
              id,
              subscriptionId: subscription.id,
              merchantId: event.merchantId,
              mode: event.mode,
              eventId: event.id,
              eventType: event.type,
              body: serializeEnvelope(webhookEnvelope(event.type, event.payload, event.occurredAt, id)),
              status: 'pending',
              attempts: 0,
              nextAttemptAt: now,
              createdAt: this.clock.now(),
              updatedAt: this.clock.now(),
            });
          }
        }
        if (deliveries.length > 0) await this.deliveries.insertIfAbsent(deliveries);
        if (events.length > 0) await this.events.markDispatched(events.map((e) => e.id), this.clock.now());
        return events.length;
      });
      total += handled;
      if (handled < this.settings.fanOutBatch) break;
    }
    return total;
  }

  /** Step 2; returns how many deliveries were sent or skipped. */
  async deliverDue(now: Date): Promise<number> {
    // One look first, so an idle poll costs one query; parallel workers only when there is work.
    if (!(await this.deliverOne(now))) return 0;
    let handled = 1;
    const worker = async () => {
      while (handled < this.settings.maxPerRun) {
        const did = await this.deliverOne(now);
        if (!did) return;
        handled += 1;
      }
    };
    await Promise.all(Array.from({ length: this.settings.concurrency }, worker));
    return handled;
  }

  private deliverOne(now: Date): Promise<boolean> {
    return this.uow.transaction(async () => {
      const delivery = await this.deliveries.claimDue(now);
      if (!delivery) return false;
      const subscription = await this.subscriptions.findByIdAcrossTenants(delivery.subscriptionId);
      if (!subscription || !subscription.active) {
        // Paused or deactivated since the event: not sent (a merchant can still resend it).
        await this.deliveries.update(skipDelivery(delivery, this.clock.now()));
        return true;
      }
      const { response } = await this.attempts.make(delivery, subscription, delivery.attempts === 0 ? 'automatic' : 'retry');
      const at = this.clock.now();
      const applied = afterAutomaticAttempt(delivery, response, subscription.maxRetries, at);
      await this.deliveries.update(applied.delivery);
      if (!applied.final) return true;
      const locked = await this.subscriptions.findByIdForUpdateAcrossTenants(subscription.id);
      if (!locked) return true;
      const outcome = recordDeliveryOutcome(locked, response.succeeded, at);
      if (outcome.subscription !== locked) await this.subscriptions.update(outcome.subscription);
      if (outcome.paused) {
        this.logger.warn({ subscriptionId: locked.id, merchantId: locked.merchantId }, 'webhook subscription paused after consecutive failures');
        await this.pauseNotice.paused(outcome.subscription);
      }
      return true;
    });
  }
}
