import type { Mode } from '../../../domain/index.js';
import type {
  AttemptTrigger,
  DeliveryAttempt,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEventType,
  WebhookSubscription,
} from '../../../domain/webhook/index.js';
import type { Row } from '../schema/index.js';

/** Rows of the webhook tables and their domain values, shared by the webhook repositories. */

export const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
export const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : date(value));

export type SubscriptionRow = Omit<Row<'webhook_subscriptions'>, 'events'> & { events: string[] };

/**
 * `no key update`: deliveries and attempts reference the subscription, and inserting them takes a
 * key-share lock on it; a plain `for update` would conflict with that and deadlock two workers.
 */
export const LOCK = 'for no key update';

export const SUBSCRIPTION_COLUMNS = `id, merchant_id, mode, url, events, secret, active, consecutive_failures, paused_at, max_retries,
  created_at, updated_at`;

export const subscriptionToDomain = (row: SubscriptionRow): WebhookSubscription => ({
  id: row.id,
  merchantId: row.merchant_id,
  mode: row.mode as Mode,
  url: row.url,
  events: row.events as WebhookEventType[],
  secret: row.secret,
  active: row.active,
  consecutiveFailures: row.consecutive_failures,
  pausedAt: dateOrNull(row.paused_at),
  maxRetries: row.max_retries,
  createdAt: date(row.created_at),
  updatedAt: date(row.updated_at),
});

export type DeliveryRow = Omit<Row<'webhook_deliveries'>, 'lease_expires_at'>;

export const DELIVERY_COLUMNS = `d.id, d.subscription_id, d.merchant_id, d.mode, d.event_id, d.event_type, d.body, d.status, d.attempts,
  d.next_attempt_at, d.created_at, d.updated_at`;

export const deliveryToDomain = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  merchantId: row.merchant_id,
  mode: row.mode as Mode,
  eventId: row.event_id,
  eventType: row.event_type,
  body: row.body,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  nextAttemptAt: dateOrNull(row.next_attempt_at),
  createdAt: date(row.created_at),
  updatedAt: date(row.updated_at),
});

export type AttemptRow = Row<'webhook_delivery_attempts'>;

export const attemptToDomain = (row: AttemptRow): DeliveryAttempt => ({
  id: row.id,
  deliveryId: row.delivery_id,
  subscriptionId: row.subscription_id,
  eventType: row.event_type,
  url: row.url,
  attempt: row.attempt,
  trigger: row.trigger as AttemptTrigger,
  succeeded: row.succeeded,
  httpStatus: row.http_status,
  durationMs: row.duration_ms,
  responseBody: row.response_body,
  error: row.error,
  createdAt: date(row.created_at),
});

