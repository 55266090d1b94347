import { defineEntity, p } from '@mikro-orm/core';

/**
 * The statistics roll-ups (Migration20261122000007StatsSearch). Written only by database triggers, in the
 * same transaction as the rows they count; read with plain SQL (`sql-stats-queries.ts`). Money sums
 * are unbounded `numeric`, read as strings.
 */
const sales = {
  conversions: p.integer(),
  revenue: p.decimal('string'),
  tax: p.decimal('string'),
  commission: p.decimal('string'),
};

/** Counted sales (every status but rejected and refunded) per merchant, mode, UTC day and currency. */
export const ConversionDailyTotalRecord = defineEntity({
  name: 'ConversionDailyTotalRecord',
  tableName: 'conversion_daily_totals',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    day: p.date().primary(),
    currency: p.text().primary(),
    ...sales,
  },
});

/** Counted sales per campaign, UTC month and currency. */
export const ConversionCampaignMonthlyTotalRecord = defineEntity({
  name: 'ConversionCampaignMonthlyTotalRecord',
  tableName: 'conversion_campaign_monthly_totals',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    campaignId: p.uuid().primary(),
    month: p.date().primary(),
    currency: p.text().primary(),
    ...sales,
  },
});

/** Counted sales per affiliate (with one merchant), UTC month and currency. */
export const ConversionAffiliateMonthlyTotalRecord = defineEntity({
  name: 'ConversionAffiliateMonthlyTotalRecord',
  tableName: 'conversion_affiliate_monthly_totals',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    affiliateId: p.uuid().primary(),
    month: p.date().primary(),
    currency: p.text().primary(),
    ...sales,
  },
});

/** Per affiliate and UTC month: counted sales and their commission at the reference rates (the overview's ranking key). */
export const ConversionAffiliateMonthlyRankRecord = defineEntity({
  name: 'ConversionAffiliateMonthlyRankRecord',
  tableName: 'conversion_affiliate_monthly_ranks',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    month: p.date().primary(),
    affiliateId: p.uuid().primary(),
    conversions: p.integer(),
    referenceCommission: p.decimal('string'),
  },
});

/** Fixed US-dollar yardsticks per currency for that ranking key (seeded once, never changed). */
export const RankingReferenceRateRecord = defineEntity({
  name: 'RankingReferenceRateRecord',
  tableName: 'ranking_reference_rates',
  properties: {
    currency: p.text().primary(),
    usdPerUnit: p.decimal('string'),
  },
});

/** Clicks per merchant, mode and UTC day. */
export const ClickDailyTotalRecord = defineEntity({
  name: 'ClickDailyTotalRecord',
  tableName: 'click_daily_totals',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    day: p.date().primary(),
    clicks: p.integer(),
  },
});

/** Approved memberships per campaign and mode. */
export const CampaignAffiliateCountRecord = defineEntity({
  name: 'CampaignAffiliateCountRecord',
  tableName: 'campaign_affiliate_counts',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    campaignId: p.uuid().primary(),
    approvedAffiliates: p.integer(),
  },
});

/** An affiliate's approved memberships with one merchant (the step that makes the merchant count distinct). */
export const MerchantAffiliateMembershipRecord = defineEntity({
  name: 'MerchantAffiliateMembershipRecord',
  tableName: 'merchant_affiliate_memberships',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    affiliateId: p.uuid().primary(),
    approvedMemberships: p.integer(),
  },
});

/** Distinct affiliates with an approved membership, per merchant and mode. */
export const MerchantAffiliateCountRecord = defineEntity({
  name: 'MerchantAffiliateCountRecord',
  tableName: 'merchant_affiliate_counts',
  properties: {
    merchantId: p.uuid().primary(),
    mode: p.text().primary(),
    approvedAffiliates: p.integer(),
  },
});

export const STATS_ROLLUP_RECORDS = [
  ConversionDailyTotalRecord,
  ConversionCampaignMonthlyTotalRecord,
  ConversionAffiliateMonthlyTotalRecord,
  ConversionAffiliateMonthlyRankRecord,
  RankingReferenceRateRecord,
  ClickDailyTotalRecord,
  CampaignAffiliateCountRecord,
  MerchantAffiliateMembershipRecord,
  MerchantAffiliateCountRecord,
];
