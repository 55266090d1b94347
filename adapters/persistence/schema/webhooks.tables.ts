import { boolean, integer, jsonb, table, text, timestamptz, uuid } from './columns.js';

export const webhookSubscriptions = table('webhook_subscriptions', {
  id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  url: text(),
  events: jsonb(),
  secret: text(),
  active: boolean(),
  consecutive_failures: integer(),
  paused_at: timestamptz().orNull(),
  max_retries: integer(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
});

export const webhookDeliveries = table('webhook_deliveries', {
  id: uuid(),
  subscription_id: uuid(),
  merchant_id: uuid(),
  mode: text(),
  event_id: uuid().orNull(),
  event_type: text(),
  body: text(),
  status: text(),
  attempts: integer(),
  next_attempt_at: timestamptz().orNull(),
  created_at: timestamptz(),
  updated_at: timestamptz(),
  lease_expires_at: timestamptz().orNull(),
});

export const webhookDeliveryAttempts = table('webhook_delivery_attempts', {
  id: uuid(),
  delivery_id: uuid(),
  subscription_id: uuid(),
  event_type: text(),
  url: text(),
  attempt: integer(),
  trigger: text(),
  succeeded: boolean(),
  http_status: integer().orNull(),
  duration_ms: integer(),
  response_body: text().orNull(),
  error: text().orNull(),
  created_at: timestamptz(),
});
