import { defineEntity, p } from '@mikro-orm/core';

/** A sale and its commission. Money columns are numeric(20,6) and come back as decimal strings. */
export const ConversionRecord = defineEntity({
  name: 'ConversionRecord',
  tableName: 'conversions',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    campaignId: p.uuid(),
    affiliateId: p.uuid(),
    amount: p.decimal('string').precision(20).scale(6),
    taxAmount: p.decimal('string').precision(20).scale(6).nullable(),
    commission: p.decimal('string').precision(20).scale(6),
    originalCommission: p.decimal('string').precision(20).scale(6),
    currency: p.text(),
    status: p.text(),
    conversionType: p.text(),
    source: p.text(),
    orderId: p.text().nullable(),
    clickId: p.text().nullable(),
    customerEmail: p.text().nullable(),
    customerName: p.text().nullable(),
    parentConversionId: p.uuid().nullable(),
    refundedAmount: p.decimal('string').precision(20).scale(6).nullable(),
    payoutMethod: p.text().nullable(),
    payoutDate: p.datetime().columnType('timestamptz').nullable(),
    cardTransferId: p.text().nullable(),
    approvedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});
export type ConversionRecord = InstanceType<typeof ConversionRecord.class>;
