import { defineEntity, p } from '@mikro-orm/core';

/**
 * The team tables as the ORM knows them. The team repositories write them with plain SQL (they map
 * to immutable domain values, see the `sql-team-*.ts` repositories); these records keep the schema
 * visible to the ORM and to tooling.
 */
export const TeamRecord = defineEntity({
  name: 'TeamRecord',
  tableName: 'teams',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    name: p.text(),
    currency: p.text(),
    leaderAffiliateId: p.uuid().nullable(),
    baseCommissionType: p.text().nullable(),
    baseCommissionValue: p.decimal('string').precision(20).scale(6).nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});

export const TeamMemberRecord = defineEntity({
  name: 'TeamMemberRecord',
  tableName: 'team_members',
  properties: {
    teamId: p.uuid().primary(),
    affiliateId: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    joinedAt: p.datetime().columnType('timestamptz'),
  },
});

export const TeamCampaignRecord = defineEntity({
  name: 'TeamCampaignRecord',
  tableName: 'team_campaigns',
  properties: {
    teamId: p.uuid().primary(),
    campaignId: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    commissionType: p.text().nullable(),
    commissionValue: p.decimal('string').precision(20).scale(6).nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});

export const TeamOverrideRecord = defineEntity({
  name: 'TeamOverrideRecord',
  tableName: 'team_overrides',
  properties: {
    teamId: p.uuid().primary(),
    campaignId: p.uuid().primary(),
    affiliateId: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    commissionType: p.text(),
    commissionValue: p.decimal('string').precision(20).scale(6),
    recurringValue: p.decimal('string').precision(20).scale(6).nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});

export const TeamGoalRecord = defineEntity({
  name: 'TeamGoalRecord',
  tableName: 'team_goals',
  properties: {
    id: p.uuid().primary(),
    teamId: p.uuid(),
    merchantId: p.uuid(),
    mode: p.text(),
    name: p.text(),
    scope: p.text(),
    campaignId: p.uuid().nullable(),
    metric: p.text(),
    targetValue: p.decimal('string').precision(20).scale(6),
    periodMode: p.text(),
    periodStart: p.datetime().columnType('timestamptz'),
    periodEnd: p.datetime().columnType('timestamptz').nullable(),
    bonusType: p.text(),
    bonusValue: p.decimal('string').precision(20).scale(6).nullable(),
    bonusTiers: p.json().nullable(),
    bonusCap: p.decimal('string').precision(20).scale(6).nullable(),
    bonusScope: p.text(),
    bonusSplit: p.text(),
    bonusVisibility: p.text(),
    refundSafeDays: p.integer(),
    status: p.text(),
    currentPeriodKey: p.text(),
    currentPeriodStart: p.datetime().columnType('timestamptz'),
    currentPeriodEnd: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});

export const TeamGoalPeriodRecord = defineEntity({
  name: 'TeamGoalPeriodRecord',
  tableName: 'team_goal_periods',
  properties: {
    id: p.uuid().primary(),
    goalId: p.uuid(),
    teamId: p.uuid(),
    merchantId: p.uuid(),
    mode: p.text(),
    periodKey: p.text(),
    periodStart: p.datetime().columnType('timestamptz'),
    periodEnd: p.datetime().columnType('timestamptz'),
    closedAt: p.datetime().columnType('timestamptz'),
    windowEndsAt: p.datetime().columnType('timestamptz'),
    settledAt: p.datetime().columnType('timestamptz').nullable(),
    memberIds: p.json(),
    campaignIds: p.json(),
    leaderAffiliateId: p.uuid().nullable(),
    targetValue: p.decimal('string').precision(20).scale(6),
    aggregate: p.decimal('string').precision(20).scale(6),
    hit: p.boolean(),
    byMember: p.json(),
    excludedByCurrency: p.json(),
    bonusTotal: p.decimal('string').precision(20).scale(6),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});

export const TeamAwardRecord = defineEntity({
  name: 'TeamAwardRecord',
  tableName: 'team_awards',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    teamId: p.uuid(),
    goalId: p.uuid(),
    periodKey: p.text(),
    affiliateId: p.uuid(),
    amount: p.decimal('string').precision(20).scale(6),
    currency: p.text(),
    status: p.text(),
    payableAfter: p.datetime().columnType('timestamptz'),
    contributingCount: p.integer(),
    contributingAmount: p.decimal('string').precision(20).scale(6),
    approvedAt: p.datetime().columnType('timestamptz').nullable(),
    approvedBy: p.text().nullable(),
    paidAt: p.datetime().columnType('timestamptz').nullable(),
    payoutMethod: p.text().nullable(),
    cardTransferId: p.text().nullable(),
    failureReason: p.text().nullable(),
    cancelReason: p.text().nullable(),
    payoutAttempts: p.integer(),
    payoutReference: p.text().nullable(),
    nextPayoutAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    version: p.integer().version(),
  },
});

export const TeamChatThreadRecord = defineEntity({
  name: 'TeamChatThreadRecord',
  tableName: 'team_chat_threads',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    teamId: p.uuid(),
    teamName: p.text(),
    status: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    archivedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

export const TEAM_RECORDS = [
  TeamRecord,
  TeamMemberRecord,
  TeamCampaignRecord,
  TeamOverrideRecord,
  TeamGoalRecord,
  TeamGoalPeriodRecord,
  TeamAwardRecord,
  TeamChatThreadRecord,
] as const;
