import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { needsAboveSaleConfirmation } from '../../domain/conversion/commission-above-sale.guard.js';
import { changeConversionStatus } from '../../domain/conversion/conversion.ops.js';
import type { CurrencyCode } from '../../domain/money/currency.js';
import { buildConversion, saleFiguresArb, T0, type SaleFigures } from '../arbitraries/conversion.js';

const now = new Date(T0.getTime() + 1000);

/** The spec's rule in BigInt minor units: allowed without confirmation iff sale ≠ 0 and commission ≤ 5 × sale. */
const allowedWithoutConfirmation = (f: SaleFigures): boolean => {
  const sale = f.amount + (f.tax ?? 0n);
  return sale !== 0n && f.commission <= 5n * sale;
};

describe('the 5x guard on approval', () => {
  it('approves without confirmation exactly when the commission is within 5 × (amount + tax) of a non-zero sale', () => {
    fc.assert(
      fc.property(saleFiguresArb, (figures) => {
        const conversion = buildConversion(figures);
        const result = changeConversionStatus(conversion, { to: 'approved', now });
        if (allowedWithoutConfirmation(figures)) {
          expect(result._unsafeUnwrap().conversion.status).toBe('approved');
        } else {
          expect(result._unsafeUnwrapErr().code).toBe('commission_above_sale');
        }
        expect(needsAboveSaleConfirmation(conversion)).toBe(!allowedWithoutConfirmation(figures));
      }),
      { numRuns: 1000 },
    );
  });

  it('says which case applies: a zero sale is never called "above 5 times" it', () => {
    fc.assert(
      fc.property(saleFiguresArb, (figures) => {
        const result = changeConversionStatus(buildConversion(figures), { to: 'approved', now });
        if (result.isOk()) return;
        const zeroSale = figures.amount + (figures.tax ?? 0n) === 0n;
        expect(result.error.message.includes('above 5 times')).toBe(!zeroSale);
        expect(result.error.message.startsWith('The sale is zero')).toBe(zeroSale);
      }),
      { numRuns: 500 },
    );
  });

  it('always approves a pending conversion once the merchant confirms', () => {
    fc.assert(
      fc.property(saleFiguresArb, (figures) => {
        const result = changeConversionStatus(buildConversion(figures), { to: 'approved', confirmAboveSale: true, now });
        expect(result._unsafeUnwrap().conversion.status).toBe('approved');
      }),
    );
  });

  it('counts tax in the sale and treats the boundary as allowed', () => {
    const usd = (amount: bigint, tax: bigint | null, commission: bigint): SaleFigures => ({
      currency: 'usd' as CurrencyCode,
      digits: 2,
      amount,
      tax,
      commission,
    });
    const approve = (f: SaleFigures) => changeConversionStatus(buildConversion(f), { to: 'approved', now });
    // 10.00 sale: 50.00 is exactly 5x (allowed), 50.01 is above.
    expect(approve(usd(1000n, null, 5000n)).isOk()).toBe(true);
    expect(approve(usd(1000n, null, 5001n))._unsafeUnwrapErr().code).toBe('commission_above_sale');
    // 10.00 net + 2.00 tax: up to 60.00 passes.
    expect(approve(usd(1000n, 200n, 6000n)).isOk()).toBe(true);
    expect(approve(usd(1000n, 200n, 6001n)).isErr()).toBe(true);
    // A zero sale needs confirmation, even with a zero commission; a zero net sale with tax does not.
    expect(approve(usd(0n, null, 0n))._unsafeUnwrapErr().code).toBe('commission_above_sale');
    expect(approve(usd(0n, 0n, 1n))._unsafeUnwrapErr().code).toBe('commission_above_sale');
    expect(approve(usd(0n, 100n, 500n)).isOk()).toBe(true);
  });

  it('changes nothing when it refuses', () => {
    const conversion = buildConversion({ currency: 'usd' as CurrencyCode, digits: 2, amount: 100n, tax: null, commission: 501n });
    const result = changeConversionStatus(conversion, { to: 'approved', now });
    expect(result.isErr()).toBe(true);
    expect(conversion.status).toBe('pending');
    expect(conversion.approvedAt).toBeNull();
  });
});
