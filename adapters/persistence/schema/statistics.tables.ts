import { date, integer, numeric, table, text, uuid } from './columns.js';

export const conversionDailyTotals = table('conversion_daily_totals', {
  merchant_id: uuid(),
  mode: text(),
  day: date(),
  currency: text(),
  conversions: integer(),
  revenue: numeric(),
  tax: numeric(),
  commission: numeric(),
});

export const conversionCampaignMonthlyTotals = table('conversion_campaign_monthly_totals', {
  merchant_id: uuid(),
  mode: text(),
  campaign_id: uuid(),
  month: date(),
  currency: text(),
  conversions: integer(),
  revenue: numeric(),
  tax: numeric(),
  commission: numeric(),
});

export const conversionAffiliateMonthlyTotals = table('conversion_affiliate_monthly_totals', {
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  month: date(),
  currency: text(),
  conversions: integer(),
  revenue: numeric(),
  tax: numeric(),
  commission: numeric(),
});

export const conversionAffiliateMonthlyRanks = table('conversion_affiliate_monthly_ranks', {
  merchant_id: uuid(),
  mode: text(),
  month: date(),
  affiliate_id: uuid(),
  conversions: integer(),
  reference_commission: numeric(),
});

export const rankingReferenceRates = table('ranking_reference_rates', {
  currency: text(),
  usd_per_unit: numeric(),
});

export const clickDailyTotals = table('click_daily_totals', {
  merchant_id: uuid(),
  mode: text(),
  day: date(),
  clicks: integer(),
});

/** Clicks of days whose raw clicks are past their retention, per campaign and affiliate. */
export const clickDailyAggregates = table('click_daily_aggregates', {
  merchant_id: uuid(),
  mode: text(),
  day: date(),
  campaign_id: uuid(),
  affiliate_id: uuid(),
  clicks: integer(),
  unique_visitors: integer(),
});

export const campaignAffiliateCounts = table('campaign_affiliate_counts', {
  merchant_id: uuid(),
  mode: text(),
  campaign_id: uuid(),
  approved_affiliates: integer(),
});

export const merchantAffiliateMemberships = table('merchant_affiliate_memberships', {
  merchant_id: uuid(),
  mode: text(),
  affiliate_id: uuid(),
  approved_memberships: integer(),
});

export const merchantAffiliateCounts = table('merchant_affiliate_counts', {
  merchant_id: uuid(),
  mode: text(),
  approved_affiliates: integer(),
});
