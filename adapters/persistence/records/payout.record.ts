import { defineEntity, p } from '@mikro-orm/core';

export const PayoutRecord = defineEntity({
  name: 'PayoutRecord',
  tableName: 'payouts',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    conversionId: p.uuid().unique('payouts_conversion_key'),
    campaignId: p.uuid(),
    affiliateId: p.uuid(),
    amount: p.decimal('string').precision(20).scale(6),
    currency: p.text(),
    status: p.text(),
    scheduledDate: p.datetime().columnType('timestamptz'),
    attempts: p.integer(),
    lastAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    completedAt: p.datetime().columnType('timestamptz').nullable(),
    cardPaymentId: p.text().nullable(),
    failureReason: p.text().nullable(),
    // The lifecycle's own columns.
    payoutMethod: p.text().nullable(),
    providerReference: p.text().nullable(),
    nextCheckAt: p.datetime().columnType('timestamptz').nullable(),
    failedAttempts: p.integer(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});
