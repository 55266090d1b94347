import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clawbackForRefund, Decimal, fromMinorUnits, minorUnitDigits, refundedSaleShare, roundToMinorUnit, type CurrencyCode } from '../../domain/index.js';
import { currencyArb } from '../arbitraries/money.js';

describe('clawbacks after payout', () => {
  it('any split of refunds claws back at most the paid commission, and exactly it once the whole sale is refunded', () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (currency: CurrencyCode, saleMinor, rateBasisPoints, parts) => {
          const unit = new Decimal(10).pow(-minorUnitDigits(currency));
          const amount = unit.times(saleMinor);
          const commission = roundToMinorUnit(amount.times(rateBasisPoints).dividedBy(10_000), currency);
          const paid = { status: 'paid' as const, amount, originalCommission: commission, currency };
          const totalParts = parts.reduce((a, b) => a + b, 0);
          let refunded = new Decimal(0);
          let clawed = new Decimal(0);
          parts.forEach((part, i) => {
            const last = i === parts.length - 1;
            // Rounded parts may add up past the sale: a part never refunds more than is left.
            const left = amount.minus(refunded);
            const slice = last ? left : Decimal.min(left, roundToMinorUnit(amount.times(part).dividedBy(totalParts), currency));
            if (slice.lte(0)) return;
            const result = clawbackForRefund(paid, refunded, slice);
            expect(result.isOk()).toBe(true);
            const c = result._unsafeUnwrap();
            expect(c.amount.gte(0)).toBe(true);
            clawed = clawed.plus(c.amount);
            refunded = refunded.plus(slice);
            expect(clawed.lte(commission)).toBe(true);
          });
          expect(clawed.toFixed()).toBe(commission.toFixed());
          expect(clawbackForRefund(paid, refunded).isErr()).toBe(true);
        },
      ),
    );
  });

  it('refuses to claw back a conversion that is not paid, or more than the unrefunded sale', () => {
    const base = { amount: new Decimal(100), originalCommission: new Decimal(10), currency: 'usd' as CurrencyCode };
    expect(clawbackForRefund({ ...base, status: 'approved' }, new Decimal(0)).isErr()).toBe(true);
    expect(clawbackForRefund({ ...base, status: 'paid' }, new Decimal(60), new Decimal(41)).isErr()).toBe(true);
  });
});

describe('provider amounts', () => {
  it('minor units convert exactly by the currency exponent (JPY 0, KWD 3, USD 2)', () => {
    expect(fromMinorUnits(5000, 'JPY')._unsafeUnwrap().amount.toFixed()).toBe('5000');
    expect(fromMinorUnits(12345, 'kwd')._unsafeUnwrap().amount.toFixed()).toBe('12.345');
    expect(fromMinorUnits('1999', 'usd')._unsafeUnwrap().amount.toFixed()).toBe('19.99');
    expect(fromMinorUnits(10.5, 'usd').isErr()).toBe(true);
    fc.assert(
      fc.property(currencyArb, fc.bigInt({ min: 0n, max: 10n ** 15n }), (currency, minor) => {
        const { amount } = fromMinorUnits(minor, currency)._unsafeUnwrap();
        expect(amount.times(new Decimal(10).pow(minorUnitDigits(currency))).toFixed()).toBe(minor.toString());
      }),
    );
  });

  it('a refund share of the paid total never exceeds the net sale and is the whole of it at the total', () => {
    fc.assert(
      fc.property(currencyArb, fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 1_200_000 }), (currency, net, tax, refundedMinor) => {
        const unit = new Decimal(10).pow(-minorUnitDigits(currency));
        const amount = unit.times(net);
        const total = unit.times(net + tax);
        const share = refundedSaleShare(amount, unit.times(refundedMinor), total, currency);
        expect(share.gte(0) && share.lte(amount)).toBe(true);
        if (refundedMinor >= net + tax) expect(share.toFixed()).toBe(amount.toFixed());
      }),
    );
  });
});
