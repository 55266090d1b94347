import { defineEntity, p } from '@mikro-orm/core';

export const ApiKeyRecord = defineEntity({
  name: 'ApiKeyRecord',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    name: p.text(),
    mode: p.text(),
    canWrite: p.boolean(),
    createdBy: p.text(),
    managePayouts: p.boolean(),
    lookup: p.text().unique(),
    secretHash: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type ApiKeyRecord = InstanceType<typeof ApiKeyRecord.class>;
