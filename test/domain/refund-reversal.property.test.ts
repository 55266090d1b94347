import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundConversion } from '../../domain/conversion/conversion.ops.js';
import { reverseRefund } from '../../domain/conversion/refund-reversal.js';
import { Decimal } from '../../domain/money/decimal.js';
import { buildConversion, saleFiguresArb, T0 } from '../arbitraries/conversion.js';
import { exactToString } from '../arbitraries/exact.js';

const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A sale, the status it reached before its refunds, and the refunds (units of the sale) it had. */
const caseArb = saleFiguresArb
  .filter((f) => f.amount > 0n)
  .chain((figures) =>
    fc.tuple(
      fc.constant(figures),
      fc.constantFrom('pending', 'approved', 'held'),
      fc.array(fc.bigInt({ min: 1n, max: figures.amount }), { minLength: 1, maxLength: 4 }),
    ),
  );

describe('a reversed refund', () => {
  it('gives back exactly the sale and commission of before the refunds, however they were split, and a second reversal changes nothing', () => {
    fc.assert(
      fc.property(caseArb, ([figures, status, cuts]) => {
        const original = buildConversion(figures);
        let conversion = { ...original, status, approvedAt: status === 'approved' ? T0 : null, heldFrom: status === 'held' ? ('pending' as const) : null };
        let refunded = 0n;
        for (const cut of cuts) {
          const units = cut > figures.amount - refunded ? figures.amount - refunded : cut;
          if (units === 0n) break;
          conversion = refundConversion(conversion, { amount: new Decimal(exactToString({ units, scale: figures.digits })), now: at(1) })._unsafeUnwrap().conversion as typeof conversion;
          refunded += units;
        }
        const reversed = reverseRefund(conversion, at(2))._unsafeUnwrap();
        expect(reversed.changed).toBe(true);
        expect(reversed.conversion.commission.toFixed()).toBe(original.commission.toFixed());
        expect(reversed.conversion.refundedAmount).toBeNull();
        expect(reversed.conversion.amount.toFixed()).toBe(original.amount.toFixed());
        // Refunded whole: back to pending for a new decision; refunded in part: the status it had.
        expect(reversed.conversion.status).toBe(refunded === figures.amount ? 'pending' : status);
        expect(reversed.events.map((e) => [e.type, e.payload.status])).toEqual([['conversion.updated', reversed.conversion.status]]);
        const again = reverseRefund(reversed.conversion, at(3))._unsafeUnwrap();
        expect(again.changed).toBe(false);
        expect(again.events).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
