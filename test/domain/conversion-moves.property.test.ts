import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSION_PATCH_STATUSES,
  CONVERSION_STATUSES,
  correctConversion,
  correctionsFrom,
  isRefundable,
  refundConversion,
  type Conversion,
  type ConversionStatus,
} from '../../domain/conversion/index.js';
import { buildConversion, saleFiguresArb, T0 } from '../arbitraries/conversion.js';

const LATER = new Date(T0.getTime() + 60_000);

const inStatus = (conversion: Conversion, status: ConversionStatus): Conversion => ({
  ...conversion,
  status,
  heldFrom: status === 'held' ? 'pending' : null,
  approvedAt: status === 'approved' || status === 'paid' ? T0 : null,
});

/** The table pages read is the machine's answer: a move is offered exactly when the machine makes it. */
describe('conversion moves', () => {
  it('offers a correction exactly when the machine changes the conversion by it', () => {
    fc.assert(
      fc.property(saleFiguresArb, fc.constantFrom(...CONVERSION_STATUSES), fc.constantFrom(...CONVERSION_PATCH_STATUSES), (figures, status, to) => {
        const conversion = inStatus(buildConversion(figures), status);
        // Confirmed, so the 5x guard (its own question) does not hide a move.
        const result = correctConversion(conversion, { to, confirmAboveSale: true, now: LATER });
        const moved = result.isOk() && result.value.changed;
        expect(moved).toBe(correctionsFrom(status).includes(to));
      }),
    );
  });

  it('calls a status refundable exactly when the machine refunds from it', () => {
    fc.assert(
      fc.property(saleFiguresArb, fc.constantFrom(...CONVERSION_STATUSES), (figures, status) => {
        const conversion = inStatus(buildConversion(figures), status);
        const result = refundConversion(conversion, { now: LATER });
        const refused = result.isErr() && result.error.code === 'invalid_transition';
        expect(!refused).toBe(isRefundable(status));
      }),
    );
  });
});
