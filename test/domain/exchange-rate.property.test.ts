import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertedTotal, dayOf, Decimal, minorUnitDigits, type CurrencyCode, type CurrencyTotal, type ExchangeRateTable } from '../../domain/index.js';
import { pow10 } from '../arbitraries/exact.js';
import { exactRatesArb, exactTotalArb, RATE_SCALE, type ExactRates, type ExactTotal } from '../arbitraries/exchange-rate.js';
import { currencyArb, decimalOf, minorAmountArb } from '../arbitraries/money.js';

const totalArb: fc.Arbitrary<CurrencyTotal> = currencyArb.chain((currency) =>
  minorAmountArb(currency).map((amount) => ({ currency, amount: decimalOf(amount) })),
);
const rateArb = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(1_000_000));
const tableArb: fc.Arbitrary<ExchangeRateTable> = fc
  .dictionary(currencyArb, rateArb, { maxKeys: 7 })
  .map((rates) => ({ day: '2026-11-22', usdPerUnit: new Map(Object.entries(rates) as [CurrencyCode, Decimal][]) }));

/** Every amount is in units of 10^-3 (the finest minor unit here) and every rate in 10^-6: products in 10^-9. */
const REFERENCE_SCALE = 3 + RATE_SCALE;

/**
 * The converted total in units of 10^-9 US dollars, in integer arithmetic over the generated minor
 * units and millionths (no decimal library): Σ minorUnits × 10^(3 − digits) × micros, a currency
 * without a rate adding nothing.
 */
const referenceTotal = (totals: readonly ExactTotal[], rates: ExactRates): bigint =>
  totals.reduce((sum, t) => sum + t.minorUnits * pow10(3 - minorUnitDigits(t.currency)) * (rates.micros.get(t.currency) ?? 0n), 0n);

/** The domain's result in the same units; fails if it is not a whole number of them (a rounding crept in). */
const unitsOf = (value: Decimal): bigint => {
  const scaled = value.times(new Decimal(10).pow(REFERENCE_SCALE));
  if (!scaled.isInteger()) throw new Error(`${value.toFixed()} is not exact at 10^-${REFERENCE_SCALE}`);
  return BigInt(scaled.toFixed(0));
};

describe('convertedTotal', () => {
  it('equals an integer recount of amount × rate over the currencies with a rate, in any order', () => {
    fc.assert(
      fc.property(fc.array(exactTotalArb, { maxLength: 8 }), exactRatesArb, (totals, rates) => {
        const expected = referenceTotal(totals, rates);
        const asTotals = totals.map((t) => ({ currency: t.currency, amount: t.amount }));
        expect(unitsOf(convertedTotal(asTotals, rates.table))).toBe(expected);
        expect(unitsOf(convertedTotal([...asTotals].reverse(), rates.table))).toBe(expected);
      }),
    );
  });

  it('never decreases when a sale is added', () => {
    fc.assert(
      fc.property(fc.array(totalArb, { maxLength: 6 }), totalArb, tableArb, (totals, extra, table) => {
        expect(convertedTotal([...totals, extra], table).gte(convertedTotal(totals, table))).toBe(true);
      }),
    );
  });

  it('counts a currency without a rate as zero', () => {
    const table: ExchangeRateTable = { day: '2026-11-22', usdPerUnit: new Map([['usd' as CurrencyCode, new Decimal(1)]]) };
    expect(convertedTotal([{ currency: 'xyz' as CurrencyCode, amount: new Decimal(5) }], table).toNumber()).toBe(0);
  });
});

describe('dayOf', () => {
  it('is the UTC calendar day', () => {
    expect(dayOf(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(dayOf(new Date('2026-11-23T00:00:00+01:00'))).toBe('2026-11-22');
  });
});
