import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

declare const currencyBrand: unique symbol;
/** An ISO 4217 alphabetic code, always lowercase once parsed. */
export type CurrencyCode = string & { readonly [currencyBrand]: true };

export const DEFAULT_CURRENCY = 'usd' as CurrencyCode;

/** ISO 4217 currencies whose minor unit has no digits. */
const ZERO_DECIMAL = new Set([
  'bif', 'clp', 'djf', 'gnf', 'isk', 'jpy', 'kmf', 'krw', 'pyg', 'rwf', 'ugx', 'uyi', 'vnd', 'vuv', 'xaf', 'xof', 'xpf',
]);
/** ISO 4217 currencies whose minor unit has three digits. */
const THREE_DECIMAL = new Set(['bhd', 'iqd', 'jod', 'kwd', 'lyd', 'omr', 'tnd']);

/** Case-insensitive in, three ASCII letters, lowercase out. */
export const parseCurrency = (input: unknown, field = 'currency'): Result<CurrencyCode, DomainError> => {
  if (typeof input !== 'string' || !/^[A-Za-z]{3}$/.test(input)) {
    return err(validationError(field, 'must be a 3-letter currency code'));
  }
  return ok(input.toLowerCase() as CurrencyCode);
};

/** Digits after the decimal point in the currency's minor unit (JPY 0, KWD 3, most others 2). */
export const minorUnitDigits = (currency: CurrencyCode): number => {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  return 2;
};
