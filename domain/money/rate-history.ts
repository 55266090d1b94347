import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';
import { DEFAULT_CURRENCY, type CurrencyCode } from './currency.js';
import { Decimal } from './decimal.js';

/** An amount as recorded, with the UTC day (`YYYY-MM-DD`) whose rate converts it. */
export interface DatedAmount {
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  readonly day: string;
}

/** One published rate: US dollars per one unit of `currency` on `day`. */
export interface DatedRate {
  readonly day: string;
  readonly currency: CurrencyCode;
  readonly usdPerUnit: Decimal;
}

/** Every known rate per currency, oldest first. Build it with `rateHistory`. */
export interface RateHistory {
  readonly byCurrency: ReadonlyMap<CurrencyCode, readonly DatedRate[]>;
}

/** A currency's rate for a day: that day's, or the nearest one known (`rateDay` says which). */
export interface RateUsed {
  readonly currency: CurrencyCode;
  /** The day asked for. */
  readonly day: string;
  /** The day the rate was published for: `day`, the last known before it, or (none before) the first known after. */
  readonly rateDay: string;
  readonly usdPerUnit: Decimal;
}

export type RateUnavailable = DomainError<'exchange_rate_unavailable'>;

/** The rates as a history (any order in; duplicates of a day keep the last given). */
export const rateHistory = (rates: Iterable<DatedRate>): RateHistory => {
  const byCurrency = new Map<CurrencyCode, Map<string, DatedRate>>();
  for (const rate of rates) {
    const days = byCurrency.get(rate.currency) ?? new Map<string, DatedRate>();
    days.set(rate.day, rate);
    byCurrency.set(rate.currency, days);
  }
  return {
    byCurrency: new Map([...byCurrency].map(([currency, days]) => [currency, [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1))])),
  };
};

export const rateUnavailable = (currency: CurrencyCode, day: string): RateUnavailable =>
  domainError('exchange_rate_unavailable', `No exchange rate is known for ${currency.toUpperCase()} (needed for ${day})`);

/**
 * The rate of `currency` for `day`: that day's, else the last known before it, else (a day older than
 * every known rate of the currency) the first known after it. US dollars are 1 by definition (the
 * table's unit). A currency with no rate at all is an error, never a guess of 1:1.
 */
export const rateOn = (history: RateHistory, currency: CurrencyCode, day: string): Result<RateUsed, RateUnavailable> => {
  if (currency === DEFAULT_CURRENCY) return ok({ currency, day, rateDay: day, usdPerUnit: new Decimal(1) });
  const known = history.byCurrency.get(currency) ?? [];
  let found: DatedRate | undefined = known[0];
  for (const rate of known) {
    if (rate.day > day) break;
    found = rate;
  }
  return found ? ok({ currency, day, rateDay: found.day, usdPerUnit: found.usdPerUnit }) : err(rateUnavailable(currency, day));
};

/** An amount in another currency, for comparing only (never rounded, never shown as a figure). */
export interface ConvertedAmount {
  readonly amount: Decimal;
  /** The rates applied (none when the amount was already in the target currency). */
  readonly rates: readonly RateUsed[];
}

/** `amount` in `to` at the rates of its day: amount × (USD per unit of its currency) ÷ (USD per unit of `to`). */
export const convertAmount = (amount: DatedAmount, to: CurrencyCode, history: RateHistory): Result<ConvertedAmount, RateUnavailable> => {
  if (amount.currency === to) return ok({ amount: amount.amount, rates: [] });
  return rateOn(history, amount.currency, amount.day).andThen((from) =>
    rateOn(history, to, amount.day).map((into) => ({
      amount: amount.amount.times(from.usdPerUnit).dividedBy(into.usdPerUnit),
      rates: [from, into].filter((r) => r.currency !== DEFAULT_CURRENCY),
    })),
  );
};

/** The sum of dated amounts in one currency, and the days whose rate was not their own (fallbacks). */
export interface ConvertedTotal {
  readonly currency: CurrencyCode;
  readonly total: Decimal;
  /** Each currency and day converted at an earlier day's rate, once. */
  readonly fallbacks: readonly RateUsed[];
}

/** Adds amounts of any currencies in `to`, each converted at its own day's rate; a missing rate fails the whole sum. */
export const totalIn = (amounts: Iterable<DatedAmount>, to: CurrencyCode, history: RateHistory): Result<ConvertedTotal, RateUnavailable> => {
  let total = new Decimal(0);
  const fallbacks = new Map<string, RateUsed>();
  for (const amount of amounts) {
    const converted = convertAmount(amount, to, history);
    if (converted.isErr()) return err(converted.error);
    total = total.plus(converted.value.amount);
    for (const used of converted.value.rates) {
      if (used.rateDay !== used.day) fallbacks.set(`${used.currency}:${used.day}`, used);
    }
  }
  const sorted = [...fallbacks.values()].sort((a, b) => (a.day + a.currency < b.day + b.currency ? -1 : 1));
  return ok({ currency: to, total, fallbacks: sorted });
};

/** "JPY on 2026-11-29 at the rate of 2026-11-27": how a fallback is told to people. */
export const describeFallbacks = (fallbacks: readonly RateUsed[]): string =>
  fallbacks.map((f) => `${f.currency.toUpperCase()} on ${f.day} at the rate of ${f.rateDay}`).join(', ');
