import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';
import { DEFAULT_CURRENCY, type CurrencyCode } from './currency.js';
import { Decimal } from './decimal.js';

const EUR = 'eur' as CurrencyCode;
/** Significant digits kept of a derived rate: far finer than any limit compares, and bounded in storage. */
export const DERIVED_RATE_DIGITS = 12;

/**
 * A euro-based table (units of each currency per one euro, as the European Central Bank publishes it)
 * as US dollars per one unit of each currency: usd ÷ that currency's units per euro; the euro itself
 * is the dollar's units per euro. Without a positive US dollar rate nothing can be derived.
 */
export const usdPerUnitFromEuroBase = (
  unitsPerEuro: ReadonlyMap<CurrencyCode, Decimal>,
): Result<Map<CurrencyCode, Decimal>, DomainError<'validation_error'>> => {
  const usd = unitsPerEuro.get(DEFAULT_CURRENCY);
  if (!usd || !usd.gt(0)) return err(domainError('validation_error', 'The euro-based rates name no US dollar rate'));
  const out = new Map<CurrencyCode, Decimal>([
    [DEFAULT_CURRENCY, new Decimal(1)],
    [EUR, usd],
  ]);
  for (const [currency, units] of unitsPerEuro) {
    if (currency === DEFAULT_CURRENCY || currency === EUR || !units.gt(0)) continue;
    out.set(currency, usd.dividedBy(units).toSignificantDigits(DERIVED_RATE_DIGITS));
  }
  return ok(out);
};
