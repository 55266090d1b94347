import { defineEntity, p } from '@mikro-orm/core';

/** Outgoing mail, recorded in the sender's transaction; the `mail-delivery` job sends it (SqlMailQueue). */
export const MailMessageRecord = defineEntity({
  name: 'MailMessageRecord',
  tableName: 'mail_outbox',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid().nullable(),
    kind: p.text(),
    recipient: p.text(),
    subject: p.text(),
    body: p.text(),
    html: p.text().nullable(),
    mode: p.text().nullable(),
    sensitive: p.boolean(),
    status: p.text(),
    attempts: p.integer(),
    nextAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    lastError: p.text().nullable(),
    providerResponse: p.text().nullable(),
    providerMessageId: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    sentAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type MailMessageRecord = InstanceType<typeof MailMessageRecord.class>;
