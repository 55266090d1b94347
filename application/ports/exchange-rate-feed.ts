import type { Result } from 'neverthrow';
import type { CurrencyCode, Decimal } from '../../domain/index.js';

/** One day's reference rates as the source publishes them: units of each currency per one euro. */
export interface PublishedRates {
  /** The day the rates are for (`YYYY-MM-DD`), as published: not necessarily today. */
  readonly day: string;
  readonly unitsPerEuro: ReadonlyMap<CurrencyCode, Decimal>;
}

/** The configured exchange-rate source (by default the European Central Bank's daily reference feed). */
export interface ExchangeRateFeed {
  /** The latest published rates, or why they could not be read. */
  latest(): Promise<Result<PublishedRates, string>>;
}

/** One service day's fetch of the feed: when it was last tried, and what it gave. */
export interface ExchangeRateFetch {
  readonly day: string;
  readonly attemptedAt: Date;
  /** The published day stored, null while every try that day failed. */
  readonly rateDate: string | null;
  readonly error: string | null;
}

/** The daily job's record of its fetches, so each process knows whether today's is done. */
export interface ExchangeRateFetchLog {
  find(day: string): Promise<ExchangeRateFetch | null>;
  record(fetch: ExchangeRateFetch): Promise<void>;
}
