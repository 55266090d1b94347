import type { CurrencyCode, Decimal, ExchangeRateTable } from '../../domain/index.js';

/**
 * Dated exchange rates (US dollars per unit). Used to compare amounts in different currencies,
 * never to convert a figure that is shown per currency.
 */
export interface ExchangeRates {
  /** For each currency, its latest rate on or before `day` (or its earliest rate if none is that old). */
  tableFor(day: string): Promise<ExchangeRateTable>;
  /** Stores the rates published for `day`, replacing earlier ones for the same day and currency. */
  store(day: string, usdPerUnit: ReadonlyMap<CurrencyCode, Decimal>): Promise<void>;
}
