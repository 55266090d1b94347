import type { CurrencyCode, DatedRate, Decimal, ExchangeRateTable } from '../../domain/index.js';

/**
 * Dated exchange rates (US dollars per unit), one table for every use: limits and thresholds compare
 * in one currency through them, and rankings compare currencies; a figure shown per currency is never
 * converted. The operator's rates win over the daily feed's for the same day and currency.
 */
export interface ExchangeRates {
  /** For each currency, its latest rate on or before `day` (or its earliest rate if none is that old). */
  tableFor(day: string): Promise<ExchangeRateTable>;
  /**
   * Every rate of `currencies` published in [`fromDay`, `toDay`], plus each one's last rate before
   * `fromDay` (or, with none that old, its first rate even if after `toDay`): all a limit needs to
   * convert amounts dated in that range (a day without its own rate uses the nearest known one).
   */
  history(currencies: readonly CurrencyCode[], fromDay: string, toDay: string): Promise<readonly DatedRate[]>;
  /** The operator's rates for `day`, replacing whatever that day had for the same currencies. */
  store(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<void>;
  /** The feed's rates for `day`; a currency the operator set for that day keeps the operator's rate. Returns how many were stored. */
  storeFromFeed(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<number>;
}
