import type { Mode } from '../shared/mode.js';
import { pingPayload, serializeEnvelope, webhookEnvelope } from './webhook-envelope.js';
import { webhookRetryDelayMs, type WebhookSubscription } from './webhook-subscription.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why an attempt was made: the worker's first try, an opted-in retry, a manual resend, the test endpoint. */
export const ATTEMPT_TRIGGERS = ['automatic', 'retry', 'resend', 'test'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

/**
 * One event for one subscription. Its id is the envelope `id`: stable for the (event, subscription)
 * pair, so retries and resends carry the same id and receivers can de-duplicate. The body is kept
 * as sent, byte for byte.
 */
export interface WebhookDelivery {
  readonly id: string;
  readonly subscriptionId: string;
  readonly merchantId: string;
  readonly mode: Mode;
  /** The outbox event; null for pings. */
  readonly eventId: string | null;
  readonly eventType: string;
  /** The serialized envelope `{ event, data, timestamp, id }`. */
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** When the worker should try (again); null once settled. */
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One HTTP attempt, as the delivery log shows it. */
export interface DeliveryAttempt {
  readonly id: string;
  readonly deliveryId: string;
  readonly subscriptionId: string;
  readonly eventType: string;
  /** The URL the attempt went to (subscriptions can change theirs). */
  readonly url: string;
  /** 1 for the first attempt of the delivery, counting retries and resends. */
  readonly attempt: number;
  readonly trigger: AttemptTrigger;
  readonly succeeded: boolean;
  /** null when no response came (blocked, refused, timed out). */
  readonly httpStatus: number | null;
  readonly durationMs: number;
  /** The start of the response body, capped. */
  readonly responseBody: string | null;
  readonly error: string | null;
  readonly createdAt: Date;
}

type DeliveryTarget = Pick<WebhookSubscription, 'id' | 'merchantId' | 'mode'>;

/** An outbox event as a delivery carries it: its payload becomes the envelope's `data`. */
export interface DeliveredEvent {
  readonly id: string;
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly occurredAt: Date;
}

const newDelivery = (
  id: string,
  subscription: DeliveryTarget,
  event: { readonly id: string | null; readonly type: string; readonly body: string },
  nextAttemptAt: Date | null,
  now: Date,
): WebhookDelivery => ({
  id,
  subscriptionId: subscription.id,
  merchantId: subscription.merchantId,
  mode: subscription.mode,
  eventId: event.id,
  eventType: event.type,
  body: event.body,
  status: 'pending',
  attempts: 0,
  nextAttemptAt,
  createdAt: now,
  updatedAt: now,
});

/** An event's delivery to one subscription, due for the worker's first attempt at `dueAt`. */
export const eventDelivery = (id: string, subscription: DeliveryTarget, event: DeliveredEvent, dueAt: Date, now: Date): WebhookDelivery =>
  newDelivery(
    id,
    subscription,
    { id: event.id, type: event.type, body: serializeEnvelope(webhookEnvelope(event.type, event.payload, event.occurredAt, id)) },
    dueAt,
    now,
  );

/**
 * The test endpoint's `ping`: sent at once by its caller and never queued for the worker (no next
 * attempt), so a failure settles it as failed (`afterManualAttempt`).
 */
export const pingDelivery = (id: string, subscription: DeliveryTarget & Pick<WebhookSubscription, 'url'>, now: Date): WebhookDelivery =>
  newDelivery(
    id,
    subscription,
    { id: null, type: 'ping', body: serializeEnvelope(webhookEnvelope('ping', { ...pingPayload(subscription.id, subscription.url) }, now, id)) },
    null,
    now,
  );

export interface AttemptOutcome {
  readonly succeeded: boolean;
}

export interface AutomaticAttemptApplied {
  readonly delivery: WebhookDelivery;
  /** True when the delivery is settled (success, or the last allowed failure): it then counts for the pause rule. */
  readonly final: boolean;
}

/**
 * An automatic attempt's effect on its delivery: success settles it; a failure schedules the next
 * retry while the subscription's `maxRetries` allows one, else settles it as failed.
 */
export const afterAutomaticAttempt = (
  delivery: WebhookDelivery,
  outcome: AttemptOutcome,
  maxRetries: number,
  now: Date,
): AutomaticAttemptApplied => {
  const attempts = delivery.attempts + 1;
  if (outcome.succeeded) {
    return { delivery: { ...delivery, attempts, status: 'succeeded', nextAttemptAt: null, updatedAt: now }, final: true };
  }
  const retriesMade = attempts - 1;
  if (retriesMade < maxRetries) {
    const nextAttemptAt = new Date(now.getTime() + webhookRetryDelayMs(retriesMade + 1));
    return { delivery: { ...delivery, attempts, status: 'pending', nextAttemptAt, updatedAt: now }, final: false };
  }
  return { delivery: { ...delivery, attempts, status: 'failed', nextAttemptAt: null, updatedAt: now }, final: true };
};

/** Whether the worker still has an attempt of this delivery scheduled. */
const retryScheduled = (delivery: WebhookDelivery): boolean => delivery.status === 'pending' && delivery.nextAttemptAt !== null;

/**
 * A manual send (a resend, the test `ping`): a success settles the delivery (and cancels a scheduled
 * retry); a failure leaves a scheduled retry in place and otherwise marks it failed. It never
 * re-enters the automatic queue.
 */
export const afterManualAttempt = (delivery: WebhookDelivery, outcome: AttemptOutcome, now: Date): WebhookDelivery => ({
  ...delivery,
  attempts: delivery.attempts + 1,
  status: outcome.succeeded ? 'succeeded' : retryScheduled(delivery) ? 'pending' : 'failed',
  nextAttemptAt: outcome.succeeded ? null : delivery.nextAttemptAt,
  updatedAt: now,
});

/**
 * Not sent: the subscription was paused or deactivated before its turn. Only a pending delivery is
 * skipped; a settled one is returned as it is.
 */
export const skipDelivery = (delivery: WebhookDelivery, now: Date): WebhookDelivery =>
  delivery.status === 'pending' ? { ...delivery, status: 'skipped', nextAttemptAt: null, updatedAt: now } : delivery;

/** What the log says of an attempt whose sender stopped (a crash, a kill) before its answer was recorded. */
export const INTERRUPTED_ATTEMPT_ERROR = 'interrupted: the service stopped before the answer was recorded; the delivery is sent again';

/**
 * An attempt was started and never recorded: it may or may not have reached the endpoint. It is
 * logged as a failed attempt (it never counts towards the pause rule) and the delivery becomes due
 * again at once, with the same id, so the receiver can drop it if the first one did arrive.
 */
export const afterInterruptedAttempt = (delivery: WebhookDelivery, now: Date): WebhookDelivery => ({
  ...delivery,
  attempts: delivery.attempts + 1,
  status: 'pending',
  nextAttemptAt: now,
  updatedAt: now,
});

/** The trigger of the next automatic attempt: the first is `automatic`, any later one a `retry`. */
export const automaticTrigger = (delivery: WebhookDelivery): AttemptTrigger => (delivery.attempts === 0 ? 'automatic' : 'retry');
