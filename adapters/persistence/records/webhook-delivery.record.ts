import { defineEntity, p } from '@mikro-orm/core';

/** One event for one subscription; `id` is the envelope id (unique per event and subscription). */
export const WebhookDeliveryRecord = defineEntity({
  name: 'WebhookDeliveryRecord',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.uuid().primary(),
    subscriptionId: p.uuid(),
    merchantId: p.uuid(),
    mode: p.text(),
    eventId: p.uuid().nullable(),
    eventType: p.text(),
    body: p.text(),
    status: p.text(),
    attempts: p.integer(),
    nextAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    /** Set while an attempt is in flight (claimed, not yet recorded). */
    leaseExpiresAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
export type WebhookDeliveryRecord = InstanceType<typeof WebhookDeliveryRecord.class>;

/** The delivery log: one row per HTTP attempt. */
export const WebhookDeliveryAttemptRecord = defineEntity({
  name: 'WebhookDeliveryAttemptRecord',
  tableName: 'webhook_delivery_attempts',
  properties: {
    id: p.uuid().primary(),
    deliveryId: p.uuid(),
    subscriptionId: p.uuid(),
    eventType: p.text(),
    url: p.text(),
    attempt: p.integer(),
    trigger: p.text(),
    succeeded: p.boolean(),
    httpStatus: p.integer().nullable(),
    durationMs: p.integer(),
    responseBody: p.text().nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type WebhookDeliveryAttemptRecord = InstanceType<typeof WebhookDeliveryAttemptRecord.class>;
