import { defineEntity, p } from '@mikro-orm/core';

/** One visit through a tracking link; `visitorHash` is a salted SHA-256 of address and user agent. */
export const ClickRecord = defineEntity({
  name: 'ClickRecord',
  tableName: 'clicks',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    campaignId: p.uuid(),
    affiliateId: p.uuid(),
    visitorHash: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type ClickRecord = InstanceType<typeof ClickRecord.class>;
