import { defineEntity, p } from '@mikro-orm/core';

/** Outgoing mail, recorded in the sender's transaction; a delivery worker (or the log) takes it from here. */
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
    createdAt: p.datetime().columnType('timestamptz'),
    sentAt: p.datetime().columnType('timestamptz').nullable(),
  },
});
export type MailMessageRecord = InstanceType<typeof MailMessageRecord.class>;
