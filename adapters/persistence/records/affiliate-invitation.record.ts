import { defineEntity, p } from '@mikro-orm/core';

export const AffiliateInvitationRecord = defineEntity({
  name: 'AffiliateInvitationRecord',
  tableName: 'affiliate_invitations',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    campaignId: p.uuid(),
    email: p.text(),
    name: p.text().nullable(),
    status: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
export type AffiliateInvitationRecord = InstanceType<typeof AffiliateInvitationRecord.class>;
