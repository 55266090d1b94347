import { err, ok, type Result } from 'neverthrow';
import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { totalIn, type DatedAmount, type RateHistory, type RateUnavailable, type RateUsed } from '../money/rate-history.js';
import { reachedTier, type MonthToDate, type VolumeTier, type VolumeTiers } from './commission.js';

/** The affiliate's counted sales on the campaign this month, as recorded: what volume tiers read. */
export interface MonthSales {
  readonly conversions: number;
  /** Per day and currency, as recorded (never added across currencies here). */
  readonly sales: readonly DatedAmount[];
}

export interface TierBasis {
  readonly monthToDate: MonthToDate;
  /** Days converted at an earlier day's rate (no rate published that day). */
  readonly fallbacks: readonly RateUsed[];
}

/**
 * The month-to-date figures the tiers compare: for a revenue basis, the sales converted into the
 * merchant's reporting currency at each day's rate (tier thresholds are in that currency); a
 * conversions basis counts sales and needs no rate (its revenue is left at zero, unread).
 */
export const tierBasisIn = (
  basis: VolumeTiers['basis'],
  month: MonthSales,
  reportingCurrency: CurrencyCode,
  rates: RateHistory,
): Result<TierBasis, RateUnavailable> => {
  if (basis === 'conversions') return ok({ monthToDate: { conversions: month.conversions, revenue: new Decimal(0) }, fallbacks: [] });
  const revenue = totalIn(month.sales, reportingCurrency, rates);
  if (revenue.isErr()) return err(revenue.error);
  return ok({ monthToDate: { conversions: month.conversions, revenue: revenue.value.total }, fallbacks: revenue.value.fallbacks });
};

/** The highest tier the month reaches, revenue compared in the reporting currency (`reachedTier` on `tierBasisIn`). */
export const reachedTierIn = (
  tiers: VolumeTiers,
  month: MonthSales,
  reportingCurrency: CurrencyCode,
  rates: RateHistory,
): Result<VolumeTier | null, RateUnavailable> =>
  tierBasisIn(tiers.basis, month, reportingCurrency, rates).map((b) => reachedTier(tiers, b.monthToDate));
