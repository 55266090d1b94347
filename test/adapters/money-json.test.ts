import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyNumber } from '../../adapters/http/money.json.js';
import { formatAmount } from '../../domain/index.js';
import { exactToString } from '../arbitraries/exact.js';
import { currencyArb, decimalOf, minorAmountArb } from '../arbitraries/money.js';

describe('money as a JSON number', () => {
  it('a figure made by the rounding rule leaves as its canonical text reads', () => {
    fc.assert(
      fc.property(
        currencyArb.chain((currency) => fc.tuple(fc.constant(currency), minorAmountArb(currency, 10n ** 13n))),
        ([currency, amount]) => {
          expect(moneyNumber(decimalOf(amount))).toBe(Number(formatAmount(decimalOf(amount), currency)));
        },
      ),
    );
  });

  it('any stored figure (numeric(20,6)) leaves as the double nearest its exact text, never rounded again', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }), fc.integer({ min: 0, max: 6 }), (units, scale) => {
        const amount = { units, scale };
        expect(moneyNumber(decimalOf(amount))).toBe(Number(exactToString(amount)));
      }),
    );
  });
});
