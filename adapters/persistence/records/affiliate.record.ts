import { defineEntity, p } from '@mikro-orm/core';

/**
 * The affiliate as a person: one row per email and mode, shared by every merchant whose campaigns it
 * joined. What a merchant sees of it goes through `affiliate_memberships` (merchant, mode, campaign).
 */
export const AffiliateRecord = defineEntity({
  name: 'AffiliateRecord',
  tableName: 'affiliates',
  properties: {
    id: p.uuid().primary(),
    email: p.text(),
    name: p.text(),
    isTest: p.boolean(),
    /** No login account: created through the API, paid directly by the merchant. */
    headless: p.boolean(),
    createdVia: p.text(),
    refCode: p.text().unique(),
    payoutMethod: p.text().nullable(),
    payoutEmail: p.text().nullable(),
    payoutDetailsCompletedAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});
export type AffiliateRecord = InstanceType<typeof AffiliateRecord.class>;
