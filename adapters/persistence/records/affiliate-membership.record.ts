import { defineEntity, p } from '@mikro-orm/core';

/** An affiliate's relationship with one campaign: `pending`, `approved` or `rejected`. */
export const AffiliateMembershipRecord = defineEntity({
  name: 'AffiliateMembershipRecord',
  tableName: 'affiliate_memberships',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    campaignId: p.uuid(),
    affiliateId: p.uuid(),
    status: p.text(),
    joinedAt: p.datetime().columnType('timestamptz'),
    decidedAt: p.datetime().columnType('timestamptz').nullable(),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});
export type AffiliateMembershipRecord = InstanceType<typeof AffiliateMembershipRecord.class>;
