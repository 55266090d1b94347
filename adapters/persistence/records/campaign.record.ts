import { defineEntity, p } from '@mikro-orm/core';

/** A campaign is a live object: both modes read it, so it has no `mode` column. */
export const CampaignRecord = defineEntity({
  name: 'CampaignRecord',
  tableName: 'campaigns',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    name: p.text(),
    description: p.text().nullable(),
    trackingCode: p.text().unique(),
    status: p.text(),
    endsAt: p.datetime().columnType('timestamptz').nullable(),
    commissionType: p.text(),
    commissionValue: p.decimal('string').precision(20).scale(6),
    targetUrl: p.text().nullable(),
    autoApproveAffiliates: p.boolean(),
    autoApproveCommissionsAfterDays: p.integer().nullable(),
    isPublic: p.boolean(),
    enableRecurringCommissions: p.boolean(),
    commissionTiers: p.json<Record<string, unknown>>().nullable(),
    recurringCommissionMonths: p.integer().nullable(),
    attributionWindowDays: p.integer(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});
export type CampaignRecord = InstanceType<typeof CampaignRecord.class>;
