import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { roundToMinorUnit } from '../money/money.js';

export const COMMISSION_TYPES = ['percentage', 'fixed'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

/** A percentage of the net sale (`value` = percent) or a fixed amount in the sale's currency. */
export interface CommissionRate {
  readonly type: CommissionType;
  readonly value: Decimal;
}

export interface VolumeTier extends CommissionRate {
  /** Reached when the month-to-date basis is at least this figure (revenue: in the merchant's reporting currency). */
  readonly threshold: Decimal;
}

/** Campaign volume tiers: the affiliate's month decides which rate the campaign pays. */
export interface VolumeTiers {
  readonly basis: 'conversions' | 'revenue';
  readonly tiers: readonly VolumeTier[];
}

/**
 * Every rate that could apply to one (campaign, affiliate) pair. Precedence, highest first:
 * `override` > `teamCampaign` > `teamBase` > the campaign's tier > `campaign`.
 */
export interface CommissionRates {
  readonly campaign: CommissionRate;
  readonly campaignTiers?: VolumeTiers | null;
  /** The affiliate's team base rate (applies on every campaign assigned to the team). */
  readonly teamBase?: CommissionRate | null;
  /** The team's rate for this campaign. */
  readonly teamCampaign?: CommissionRate | null;
  /** A per-(campaign, affiliate) override; bypasses volume tiers. */
  readonly override?: CommissionRate | null;
  /** The override's rate for recurring sales (renewals), of the override's type; null: the override's own rate. */
  readonly overrideRecurringValue?: Decimal | null;
}

/**
 * The affiliate's figures on the campaign in the current month, recorded before this sale.
 * Tiers compare these as given, so a tier applies to the sales made after it was reached.
 */
export interface MonthToDate {
  readonly conversions: number;
  /** The sales in the merchant's reporting currency, each converted at its day's rate (`tierBasisIn`). */
  readonly revenue: Decimal;
}

export const NO_MONTH_TO_DATE: MonthToDate = { conversions: 0, revenue: new Decimal(0) };

export type CommissionRule = 'override' | 'team_campaign' | 'team_base' | 'campaign_tier' | 'campaign';

/** The rounded commission and why: the rule and the rate that produced it. */
export interface AppliedCommission {
  readonly commission: Decimal;
  readonly rule: CommissionRule;
  readonly rate: CommissionRate;
  /** The tier threshold reached, when `rule` is `campaign_tier`. */
  readonly tierThreshold: Decimal | null;
}

export interface CommissionInput {
  /** The net sale (the conversion's `amount`). */
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  readonly rates: CommissionRates;
  readonly monthToDate?: MonthToDate;
  /** A renewal (`recurring` conversion): a team override's `recurringValue` applies to it. */
  readonly recurring?: boolean;
}

/** Commission before rounding: percentage = amount × value / 100, fixed = value. */
export const unroundedCommission = (amount: Decimal, rate: CommissionRate): Decimal =>
  rate.type === 'percentage' ? amount.times(rate.value).dividedBy(100) : new Decimal(rate.value);

/** The highest tier reached (first listed wins a tie on threshold), or null. */
export const reachedTier = (tiers: VolumeTiers, monthToDate: MonthToDate): VolumeTier | null => {
  const basis = tiers.basis === 'conversions' ? new Decimal(monthToDate.conversions) : monthToDate.revenue;
  let best: VolumeTier | null = null;
  for (const tier of tiers.tiers) {
    if (basis.gte(tier.threshold) && (best === null || tier.threshold.gt(best.threshold))) best = tier;
  }
  return best;
};

const selectRate = (
  rates: CommissionRates,
  monthToDate: MonthToDate,
  recurring: boolean,
): Pick<AppliedCommission, 'rule' | 'rate' | 'tierThreshold'> => {
  if (rates.override) {
    const recurringValue = recurring ? (rates.overrideRecurringValue ?? null) : null;
    const rate = recurringValue === null ? rates.override : { type: rates.override.type, value: recurringValue };
    return { rule: 'override', rate, tierThreshold: null };
  }
  if (rates.teamCampaign) return { rule: 'team_campaign', rate: rates.teamCampaign, tierThreshold: null };
  if (rates.teamBase) return { rule: 'team_base', rate: rates.teamBase, tierThreshold: null };
  const tier = rates.campaignTiers ? reachedTier(rates.campaignTiers, monthToDate) : null;
  if (tier) {
    return { rule: 'campaign_tier', rate: { type: tier.type, value: tier.value }, tierThreshold: tier.threshold };
  }
  return { rule: 'campaign', rate: rates.campaign, tierThreshold: null };
};

/** Picks the rate by precedence and computes the commission, rounded once to the minor unit. */
export const calculateCommission = (input: CommissionInput): AppliedCommission => {
  const selected = selectRate(input.rates, input.monthToDate ?? NO_MONTH_TO_DATE, input.recurring === true);
  const commission = roundToMinorUnit(unroundedCommission(input.amount, selected.rate), input.currency);
  return { commission, ...selected };
};
