import {
  afterAutomaticAttempt,
  afterInterruptedAttempt,
  automaticTrigger,
  recordDeliveryOutcome,
  skipDelivery,
  type DeliveryAttempt,
  type WebhookDelivery,
  type WebhookSubscription,
} from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { ClaimedDelivery, WebhookDeliveryRepository, WebhookSubscriptionRepository } from '../ports/webhook-repositories.js';
import type { WebhookResponse } from '../ports/webhook-transport.js';
import type { WebhookAttempts } from './webhook-attempts.js';
import type { WebhookPauseNotice } from './webhook-pause-notice.js';

/** An automatic attempt that has its answer and waits to be recorded. */
export interface SentAttempt {
  readonly claim: ClaimedDelivery;
  readonly response: WebhookResponse;
}

/**
 * Records what the worker's attempts came back with, many in one short transaction: the attempt log,
 * each delivery's new state (its lease ends), and for settled deliveries the subscription's failure
 * count, pausing it on the 5th failure in a row. Also settles attempts whose sender stopped, and the
 * due deliveries of inactive subscriptions, which the claim hands back unleased.
 */
export class RecordWebhookOutcomes {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookAttempts,
    private readonly pauseNotice: WebhookPauseNotice,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  record(sent: readonly SentAttempt[]): Promise<void> {
    if (sent.length === 0) return Promise.resolve();
    return this.uow.transaction(async () => {
      // Subscriptions first, then deliveries: the order the claim takes them in.
      const locked = await this.subscriptions.findManyForUpdateAcrossTenants(sent.map((s) => s.claim.subscription.id));
      const subscriptions = new Map(locked.map((s) => [s.id, s]));
      // Only deliveries still holding this claim's lease: an outcome recorded twice counts once.
      const fresh = await this.deliveries.lockLeased(sent.map((s) => ({ deliveryId: s.claim.delivery.id, leaseToken: s.claim.leaseToken })));
      const deliveries = new Map(fresh.map((d) => [d.id, d]));
      const at = this.clock.now();
      const logged: DeliveryAttempt[] = [];
      const updated: WebhookDelivery[] = [];
      const changed = new Set<string>();
      const paused: WebhookSubscription[] = [];
      for (const { claim, response } of sent) {
        const delivery = deliveries.get(claim.delivery.id);
        const subscription = subscriptions.get(claim.subscription.id);
        if (!delivery || !subscription) continue;
        logged.push(this.attempts.logged(delivery, claim.subscription.url, automaticTrigger(delivery), response));
        const applied = afterAutomaticAttempt(delivery, response, subscription.maxRetries, at);
        updated.push(applied.delivery);
        if (!applied.final) continue;
        const outcome = recordDeliveryOutcome(subscription, response.succeeded, at);
        if (outcome.subscription === subscription) continue;
        subscriptions.set(subscription.id, outcome.subscription);
        changed.add(subscription.id);
        if (outcome.paused) paused.push(outcome.subscription);
      }
      await this.deliveries.appendAttempts(logged);
      await this.deliveries.updateEndingLeases(updated);
      for (const id of changed) await this.subscriptions.update(subscriptions.get(id)!);
      for (const subscription of paused) {
        this.logger.warn({ subscriptionId: subscription.id, merchantId: subscription.merchantId }, 'webhook subscription paused after consecutive failures');
        await this.pauseNotice.paused(subscription);
      }
    });
  }

  /**
   * Settles as skipped the deliveries the claim found due for inactive subscriptions, in one
   * transaction, with no events (none is emitted for a skip). The subscriptions are locked and read
   * again first, so one re-enabled since the claim keeps its deliveries; a delivery claimed or
   * settled by another worker meanwhile is left alone. Returns how many were skipped.
   */
  skip(deliveries: readonly WebhookDelivery[], now: Date): Promise<number> {
    if (deliveries.length === 0) return Promise.resolve(0);
    return this.uow.transaction(async () => {
      // Subscriptions first, then deliveries: the order the claim takes them in.
      const locked = await this.subscriptions.findManyForUpdateAcrossTenants(deliveries.map((d) => d.subscriptionId));
      const inactive = new Set(locked.filter((s) => !s.active).map((s) => s.id));
      const skipped = deliveries
        .filter((d) => inactive.has(d.subscriptionId))
        .map((d) => ({ before: d, after: skipDelivery(d, now) }))
        .filter(({ before, after }) => after !== before)
        .map(({ after }) => after);
      return this.deliveries.updateIfUnclaimed(skipped);
    });
  }

  /**
   * Attempts whose lease ran out: their sender stopped (a crash, a kill) after claiming them. Each is
   * logged as interrupted and its delivery is due again at once, with the same id. Returns how many.
   */
  reconcileInterrupted(limit: number): Promise<number> {
    return this.uow.transaction(async () => {
      const interrupted = await this.deliveries.lockInterrupted(limit);
      const now = this.clock.now();
      await this.deliveries.appendAttempts(
        interrupted.map(({ delivery, subscription }) => this.attempts.interrupted(delivery, subscription.url, automaticTrigger(delivery))),
      );
      await this.deliveries.updateEndingLeases(interrupted.map(({ delivery }) => afterInterruptedAttempt(delivery, now)));
      if (interrupted.length > 0) this.logger.warn({ deliveries: interrupted.length }, 'webhook attempts interrupted before their answer was recorded: sending them again');
      return interrupted.length;
    });
  }
}
