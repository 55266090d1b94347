import { defineEntity, p } from '@mikro-orm/core';

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE on the table. */
export const AuditEntryRecord = defineEntity({
  name: 'AuditEntryRecord',
  tableName: 'audit_log',
  properties: {
    id: p.uuid().primary(),
    actor: p.text(),
    apiKeyId: p.uuid().nullable(),
    merchantId: p.uuid().nullable(),
    method: p.text(),
    path: p.text(),
    status: p.integer(),
    errorCode: p.text().nullable(),
    address: p.text().nullable(),
    userAgent: p.text().nullable(),
    requestId: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    count: p.integer().default(1),
  },
});
export type AuditEntryRecord = InstanceType<typeof AuditEntryRecord.class>;
