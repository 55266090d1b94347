import { defineEntity, p } from '@mikro-orm/core';

export const MerchantRecord = defineEntity({
  name: 'MerchantRecord',
  tableName: 'merchants',
  properties: {
    id: p.uuid().primary(),
    businessName: p.text(),
    email: p.text(),
    plan: p.text(),
    customDomain: p.text().nullable(),
    automaticPayouts: p.boolean(),
    monthlyEarningsCap: p.decimal('string').precision(20).scale(6).nullable(),
    affiliateLimit: p.integer().nullable(),
    payoutHoldingDays: p.integer(),
    invitationExpiryDays: p.integer(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});
export type MerchantRecord = InstanceType<typeof MerchantRecord.class>;
