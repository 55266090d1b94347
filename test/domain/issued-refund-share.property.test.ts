import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, issuedRefundShare, minorUnitDigits, type CurrencyCode } from '../../domain/index.js';
import { currencyArb } from '../arbitraries/money.js';

describe('refunds reported one by one (not as running totals)', () => {
  it('any sequence of refunds refunds at most the net sale, and all of it once they add up to the payment', () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 1_200_000 }), { minLength: 1, maxLength: 6 }),
        (currency, net, tax, refundsMinor) => {
          const unit = new Decimal(10).pow(-minorUnitDigits(currency));
          const sale = { amount: unit.times(net), taxAmount: tax === 0 ? null : unit.times(tax) };
          let refunded = new Decimal(0);
          let paidBack = 0;
          for (const minor of refundsMinor) {
            const share = issuedRefundShare(sale, refunded, { amount: unit.times(minor), whole: false }, currency);
            expect(share.gte(0)).toBe(true);
            refunded = refunded.plus(share);
            paidBack += minor;
            expect(refunded.lte(sale.amount)).toBe(true);
          }
          // Rounding each part may leave a minor unit or two short of the sale; a whole refund takes the rest.
          if (paidBack >= net + tax && refundsMinor.length === 1) expect(refunded.toFixed()).toBe(sale.amount.toFixed());
          const rest = issuedRefundShare(sale, refunded, { amount: new Decimal(0), whole: true }, currency);
          expect(refunded.plus(rest).toFixed()).toBe(sale.amount.toFixed());
        },
      ),
    );
  });

  it('a refund of a quarter of what was paid (tax included) refunds a quarter of the net sale', () => {
    const usd = 'usd' as CurrencyCode;
    const sale = { amount: new Decimal(100), taxAmount: new Decimal(10) };
    expect(issuedRefundShare(sale, new Decimal(0), { amount: new Decimal('27.50'), whole: false }, usd).toFixed()).toBe('25');
    expect(issuedRefundShare(sale, new Decimal(90), { amount: new Decimal('27.50'), whole: false }, usd).toFixed()).toBe('10');
    expect(issuedRefundShare(sale, new Decimal(30), { amount: new Decimal(1), whole: true }, usd).toFixed()).toBe('70');
  });
});
