import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  formatAmount,
  minorUnitDigits,
  parseAmount,
  parseCurrency,
  roundToMinorUnit,
  sumAsRecorded,
  sumByCurrency,
  type CurrencyCode,
  type Money,
} from '../../domain/index.js';

const currencies = ['usd', 'eur', 'jpy', 'kwd', 'bhd', 'krw', 'gbp'] as CurrencyCode[];
const currency = fc.constantFrom(...currencies);

/** An exact decimal as integer units of 10^-scale, so the reference arithmetic is BigInt. */
const scaledDecimal = fc.record({
  units: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
  scale: fc.integer({ min: 0, max: 8 }),
});
const toDecimalString = ({ units, scale }: { units: bigint; scale: number }): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
};

/** Reference rounding, half away from zero, in BigInt: independent of decimal.js. */
const referenceRound = ({ units, scale }: { units: bigint; scale: number }, digits: number): bigint => {
  if (scale <= digits) return units * 10n ** BigInt(digits - scale);
  const divisor = 10n ** BigInt(scale - digits);
  const magnitude = units < 0n ? -units : units;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return units < 0n ? -quotient : quotient;
};

describe('currency codes', () => {
  it('are case-insensitive in and lowercase out, three letters only', () => {
    expect(parseCurrency('USD')._unsafeUnwrap()).toBe('usd');
    expect(parseCurrency('eUr')._unsafeUnwrap()).toBe('eur');
    for (const bad of ['us', 'usdd', 'u$d', '', 12, null]) expect(parseCurrency(bad).isErr()).toBe(true);
  });

  it('know their minor units: JPY 0, KWD 3, others 2', () => {
    expect(minorUnitDigits('jpy' as CurrencyCode)).toBe(0);
    expect(minorUnitDigits('kwd' as CurrencyCode)).toBe(3);
    expect(minorUnitDigits('usd' as CurrencyCode)).toBe(2);
  });
});

describe('rounding to the minor unit', () => {
  it('matches an independent half-away-from-zero reference for any amount and currency', () => {
    fc.assert(
      fc.property(scaledDecimal, currency, (value, code) => {
        const digits = minorUnitDigits(code);
        const rounded = roundToMinorUnit(toDecimalString(value), code);
        expect(rounded.times(new Decimal(10).pow(digits)).toFixed(0)).toBe(referenceRound(value, digits).toString());
      }),
    );
  });

  it('is idempotent: rounding a rounded amount changes nothing', () => {
    fc.assert(
      fc.property(scaledDecimal, currency, (value, code) => {
        const once = roundToMinorUnit(toDecimalString(value), code);
        expect(roundToMinorUnit(once, code).eq(once)).toBe(true);
      }),
    );
  });

  it('rounds ties away from zero', () => {
    expect(roundToMinorUnit('0.005', 'usd' as CurrencyCode).toFixed()).toBe('0.01');
    expect(roundToMinorUnit('-0.005', 'usd' as CurrencyCode).toFixed()).toBe('-0.01');
    expect(roundToMinorUnit('2.5', 'jpy' as CurrencyCode).toFixed()).toBe('3');
    expect(roundToMinorUnit('1.0005', 'kwd' as CurrencyCode).toFixed()).toBe('1.001');
    expect(formatAmount('10', 'usd' as CurrencyCode)).toBe('10.00');
    expect(formatAmount('10', 'jpy' as CurrencyCode)).toBe('10');
  });
});

describe('parsing amounts', () => {
  it('reads JSON numbers through their decimal text, so no binary float error enters', () => {
    expect(parseAmount(0.1, { field: 'amount' })._unsafeUnwrap().plus(parseAmount(0.2, { field: 'amount' })._unsafeUnwrap()).toFixed()).toBe('0.3');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), (n) => {
        expect(parseAmount(n, { field: 'amount' })._unsafeUnwrap().toNumber()).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('names the field and enforces bounds', () => {
    const error = parseAmount(-1, { field: 'amount', min: 0 })._unsafeUnwrapErr();
    expect(error.code).toBe('validation_error');
    expect(error.details?.[0]?.field).toBe('amount');
    expect(parseAmount('abc', { field: 'x' }).isErr()).toBe(true);
    expect(parseAmount(0, { field: 'x', min: 0, minExclusive: true }).isErr()).toBe(true);
    expect(parseAmount(101, { field: 'x', max: 100 }).isErr()).toBe(true);
  });
});

const moneyArb: fc.Arbitrary<Money> = fc
  .tuple(scaledDecimal, currency)
  .map(([value, code]) => ({ amount: new Decimal(toDecimalString(value)), currency: code }));

describe('sums', () => {
  it('per currency: one entry per currency, each the exact sum of that currency only', () => {
    fc.assert(
      fc.property(fc.array(moneyArb, { maxLength: 40 }), (items) => {
        const totals = sumByCurrency(items);
        expect(new Set(totals.map((t) => t.currency)).size).toBe(totals.length);
        for (const total of totals) {
          const expected = items
            .filter((i) => i.currency === total.currency)
            .reduce((acc, i) => acc.plus(i.amount), new Decimal(0));
          expect(total.amount.eq(expected)).toBe(true);
        }
        expect(totals.map((t) => t.currency).sort()).toEqual([...new Set(items.map((i) => i.currency))].sort());
      }),
    );
  });

  it('single totals add every currency as recorded, and equal the sum of the per-currency totals', () => {
    fc.assert(
      fc.property(fc.array(moneyArb, { maxLength: 40 }), (items) => {
        const single = sumAsRecorded(items);
        const viaCurrencies = sumByCurrency(items).reduce((acc, t) => acc.plus(t.amount), new Decimal(0));
        expect(single.eq(viaCurrencies)).toBe(true);
      }),
    );
  });

  it('addition is exact and order-independent', () => {
    fc.assert(
      fc.property(fc.array(moneyArb, { maxLength: 30 }), (items) => {
        expect(sumAsRecorded(items).eq(sumAsRecorded([...items].reverse()))).toBe(true);
      }),
    );
  });
});
