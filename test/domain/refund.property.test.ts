import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundConversion } from '../../domain/conversion/conversion.ops.js';
import { isPartlyRefunded, type Conversion } from '../../domain/conversion/conversion.js';
import type { CurrencyCode } from '../../domain/money/currency.js';
import { Decimal } from '../../domain/money/decimal.js';
import { buildConversion, saleFiguresArb, T0, unitsOf, type SaleFigures } from '../arbitraries/conversion.js';
import { exactToString, roundRatioHalfAwayFromZero } from '../arbitraries/exact.js';

const now = new Date(T0.getTime() + 1000);

/** Sales worth refunding (non-zero), with a list of split points for the refunds. */
const refundCaseArb = saleFiguresArb
  .filter((f) => f.amount > 0n)
  .chain((figures) =>
    fc.tuple(fc.constant(figures), fc.array(fc.bigInt({ min: 1n, max: figures.amount }), { minLength: 1, maxLength: 4 })),
  );

const refundUnits = (conversion: Conversion, units: bigint, digits: number) =>
  refundConversion(conversion, { amount: new Decimal(exactToString({ units, scale: digits })), now });

/** The rule in BigInt: the original commission × remaining / amount, rounded once, half away from zero. */
const expectedCommission = (f: SaleFigures, refunded: bigint): bigint =>
  roundRatioHalfAwayFromZero(f.commission * (f.amount - refunded), f.amount);

describe('partial refunds', () => {
  it('scale the commission to the remaining net sale, rounded once, whatever the split', () => {
    fc.assert(
      fc.property(refundCaseArb, ([figures, cuts]) => {
        let conversion = buildConversion(figures);
        expect(isPartlyRefunded(conversion)).toBe(false);
        let refunded = 0n;
        for (const cut of cuts) {
          const units = cut > figures.amount - refunded ? figures.amount - refunded : cut;
          if (units === 0n) break;
          conversion = refundUnits(conversion, units, figures.digits)._unsafeUnwrap().conversion;
          refunded += units;
          expect(unitsOf(conversion.refundedAmount as Decimal, figures.digits)).toBe(refunded);
          expect(isPartlyRefunded(conversion)).toBe(refunded < figures.amount);
          if (refunded === figures.amount) {
            expect(conversion.status).toBe('refunded');
            expect(conversion.commission.isZero()).toBe(true);
          } else {
            expect(conversion.status).toBe('pending');
            expect(unitsOf(conversion.commission, figures.digits)).toBe(expectedCommission(figures, refunded));
          }
        }
        // One refund of the same total lands on the same commission.
        const once = refundUnits(buildConversion(figures), refunded, figures.digits)._unsafeUnwrap().conversion;
        expect(once.commission.eq(conversion.commission)).toBe(true);
        expect(once.status).toBe(conversion.status);
      }),
      { numRuns: 500 },
    );
  });

  it('refuse more than what remains, and change nothing', () => {
    fc.assert(
      fc.property(refundCaseArb, fc.bigInt({ min: 1n, max: 1000n }), ([figures, cuts], extra) => {
        const first = cuts[0] as bigint;
        const partly = first < figures.amount ? refundUnits(buildConversion(figures), first, figures.digits)._unsafeUnwrap().conversion : buildConversion(figures);
        const remaining = first < figures.amount ? figures.amount - first : figures.amount;
        const result = refundUnits(partly, remaining + extra, figures.digits);
        expect(result._unsafeUnwrapErr().code).toBe('validation_error');
        expect(result._unsafeUnwrapErr().details?.[0]?.field).toBe('amount');
      }),
    );
  });

  it('default to the whole remaining sale, and never push the commission up', () => {
    fc.assert(
      fc.property(refundCaseArb, ([figures, cuts]) => {
        const original = buildConversion(figures);
        const first = cuts[0] as bigint;
        fc.pre(first < figures.amount);
        const partial = refundUnits(original, first, figures.digits)._unsafeUnwrap().conversion;
        expect(partial.commission.lte(original.commission)).toBe(true);
        const rest = refundConversion(partial, { now })._unsafeUnwrap().conversion;
        expect(rest.status).toBe('refunded');
        expect(rest.refundedAmount?.eq(original.amount)).toBe(true);
      }),
    );
  });

  it('examples: USD tie, fixed commission, JPY, and refunds of tax-inclusive sales count against the net amount', () => {
    const usd = 'usd' as CurrencyCode;
    // 10.00 sale, 1.25 commission; refund 3.00 → 1.25 × 7/10 = 0.875 → 0.88.
    const a = buildConversion({ currency: usd, digits: 2, amount: 1000n, tax: null, commission: 125n });
    expect(refundUnits(a, 300n, 2)._unsafeUnwrap().conversion.commission.toFixed(2)).toBe('0.88');
    // JPY 3000 sale, 100 commission; refund 1000 → 66.67 → 67.
    const b = buildConversion({ currency: 'jpy' as CurrencyCode, digits: 0, amount: 3000n, tax: null, commission: 100n });
    expect(refundUnits(b, 1000n, 0)._unsafeUnwrap().conversion.commission.toFixed()).toBe('67');
    // Net 100.00 + tax 20.00: refunding 100.00 is the whole (net) sale; 100.01 is too much.
    const c = buildConversion({ currency: usd, digits: 2, amount: 10000n, tax: 2000n, commission: 1000n });
    expect(refundUnits(c, 10000n, 2)._unsafeUnwrap().conversion.status).toBe('refunded');
    expect(refundUnits(c, 10001n, 2)._unsafeUnwrapErr().code).toBe('validation_error');
    // Amounts finer than the minor unit are refused rather than rounded.
    expect(refundConversion(a, { amount: new Decimal('0.001'), now })._unsafeUnwrapErr().code).toBe('validation_error');
    expect(refundConversion(a, { amount: new Decimal(0), now })._unsafeUnwrapErr().code).toBe('validation_error');
  });
});
