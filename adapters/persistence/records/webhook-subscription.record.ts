import { defineEntity, p } from '@mikro-orm/core';

export const WebhookSubscriptionRecord = defineEntity({
  name: 'WebhookSubscriptionRecord',
  tableName: 'webhook_subscriptions',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    url: p.text(),
    events: p.json<string[]>(),
    secret: p.text(),
    active: p.boolean(),
    consecutiveFailures: p.integer(),
    pausedAt: p.datetime().columnType('timestamptz').nullable(),
    maxRetries: p.integer(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
export type WebhookSubscriptionRecord = InstanceType<typeof WebhookSubscriptionRecord.class>;
