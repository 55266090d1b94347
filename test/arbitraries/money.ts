import fc from 'fast-check';
import { Decimal, minorUnitDigits, type CurrencyCode } from '../../domain/index.js';
import { exactToString, pow10, type Exact } from './exact.js';

/** Covers every minor-unit size: 0 (JPY, KRW), 2 (USD, EUR, GBP), 3 (KWD, BHD). */
export const CURRENCIES = ['usd', 'eur', 'gbp', 'jpy', 'krw', 'kwd', 'bhd'] as CurrencyCode[];
export const currencyArb: fc.Arbitrary<CurrencyCode> = fc.constantFrom(...CURRENCIES);

export const decimalOf = (value: Exact): Decimal => new Decimal(exactToString(value));

/** An amount exact in the currency's minor unit, from `min` to `max` whole units of the major unit. */
export const minorAmountArb = (currency: CurrencyCode, maxMajor = 100_000n, minMinor = 0n): fc.Arbitrary<Exact> => {
  const digits = minorUnitDigits(currency);
  return fc.bigInt({ min: minMinor, max: maxMajor * pow10(digits) }).map((units) => ({ units, scale: digits }));
};

/** A percentage 0..100 with up to four decimals (e.g. 12.3456). */
export const percentArb: fc.Arbitrary<Exact> = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 9999n }))
  .map(([scale, whole, fraction]) => {
    const units = whole === 100n ? 100n * pow10(scale) : whole * pow10(scale) + (fraction % pow10(scale));
    return { units, scale };
  });

/** A fixed commission 0..100000 with up to four decimals (more than any minor unit, to exercise rounding). */
export const fixedValueArb: fc.Arbitrary<Exact> = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.bigInt({ min: 0n, max: 100_000n * 10_000n }))
  .map(([scale, raw]) => ({ units: raw % (100_000n * pow10(scale) + 1n), scale }));
