import { defineEntity, p } from '@mikro-orm/core';

export const OutboxEventRecord = defineEntity({
  name: 'OutboxEventRecord',
  tableName: 'outbox_events',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    type: p.text(),
    payload: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime().columnType('timestamptz'),
    /** Set once the webhook dispatcher has fanned the event out to subscriptions. */
    dispatchedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type OutboxEventRecord = InstanceType<typeof OutboxEventRecord.class>;
