import type { CurrencyCode } from './currency.js';
import { Decimal } from './decimal.js';
import type { CurrencyTotal } from './money.js';

/**
 * US dollars per one unit of each currency, as of one day. Rates serve only to compare totals in
 * different currencies (ranking here; limits use the dated history of `rate-history.ts`); they are
 * never applied to a per-currency figure that is shown.
 */
export interface ExchangeRateTable {
  /** The day the table is for (`YYYY-MM-DD`, UTC). */
  readonly day: string;
  readonly usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>;
  /** The day each rate was published for, when the source says (not `day` where that day has none). */
  readonly rateDays?: ReadonlyMap<CurrencyCode, string>;
}

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/**
 * The sum of per-currency totals in US dollars, for comparing only. A currency without a known rate
 * counts as zero (it cannot be ranked, and guessing would rank it wrongly).
 */
export const convertedTotal = (totals: Iterable<CurrencyTotal>, rates: ExchangeRateTable): Decimal => {
  let sum = new Decimal(0);
  for (const total of totals) {
    const rate = rates.usdPerUnit.get(total.currency);
    if (rate) sum = sum.plus(total.amount.times(rate));
  }
  return sum;
};
