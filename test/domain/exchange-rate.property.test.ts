import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertedTotal, dayOf, Decimal, type CurrencyCode, type CurrencyTotal, type ExchangeRateTable } from '../../domain/index.js';
import { currencyArb, decimalOf, minorAmountArb } from '../arbitraries/money.js';

const totalArb: fc.Arbitrary<CurrencyTotal> = currencyArb.chain((currency) =>
  minorAmountArb(currency).map((amount) => ({ currency, amount: decimalOf(amount) })),
);
const rateArb = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(1_000_000));
const tableArb: fc.Arbitrary<ExchangeRateTable> = fc
  .dictionary(currencyArb, rateArb, { maxKeys: 7 })
  .map((rates) => ({ day: '2026-11-22', usdPerUnit: new Map(Object.entries(rates) as [CurrencyCode, Decimal][]) }));

describe('convertedTotal', () => {
  it('adds amount × rate over the currencies with a rate, in any order', () => {
    fc.assert(
      fc.property(fc.array(totalArb, { maxLength: 8 }), tableArb, (totals, table) => {
        let expected = new Decimal(0);
        for (const t of totals) {
          const rate = table.usdPerUnit.get(t.currency);
          if (rate) expected = expected.plus(t.amount.times(rate));
        }
        expect(convertedTotal(totals, table).eq(expected)).toBe(true);
        expect(convertedTotal([...totals].reverse(), table).eq(expected)).toBe(true);
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
