import { defineEntity, p } from '@mikro-orm/core';

export const NotificationRecord = defineEntity({
  name: 'NotificationRecord',
  tableName: 'notifications',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    kind: p.text(),
    message: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    readAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type NotificationRecord = InstanceType<typeof NotificationRecord.class>;
