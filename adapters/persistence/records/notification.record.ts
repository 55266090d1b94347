import { defineEntity, p } from '@mikro-orm/core';

export const NotificationRecord = defineEntity({
  name: 'NotificationRecord',
  tableName: 'notifications',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    kind: p.text(),
    message: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type NotificationRecord = InstanceType<typeof NotificationRecord.class>;
