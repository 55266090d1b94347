import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORTED_PAYOUT_KINDS, isOpenPayout, PAYOUT_STATUSES, placeImportedPayout, type QueuedPayoutFacts } from '../../domain/index.js';

const queuedArb: fc.Arbitrary<QueuedPayoutFacts | null> = fc.option(
  fc.record({
    id: fc.constantFrom('q-1', 'q-2'),
    status: fc.constantFrom(...PAYOUT_STATUSES),
    attempts: fc.nat({ max: 3 }),
    paymentId: fc.option(fc.constant('pay-1'), { nil: null }),
  }),
  { nil: null },
);
const kindArb = fc.constantFrom(...IMPORTED_PAYOUT_KINDS);
const workedOnHere = (q: QueuedPayoutFacts) => q.attempts > 0 || q.paymentId !== null;
const untouched = (q: QueuedPayoutFacts) => !workedOnHere(q) && q.status !== 'failed' && isOpenPayout(q.status);

describe('placing an imported payout on its commission', () => {
  it('never writes paid history over a row the payout run here has worked on (no commission paid twice)', () => {
    fc.assert(
      fc.property(kindArb, queuedArb, (kind, queued) => {
        const placed = placeImportedPayout(kind, queued, 'approved');
        if (placed.kind === 'history') {
          expect(queued === null || !workedOnHere(queued)).toBe(true);
          expect(placed.replaces).toBe(queued?.id ?? null);
          expect(placed.marksPaid).toBe(kind === 'completed');
        }
      }),
    );
  });

  it('writes history only for money paid or failed at the source; owed money stays the queued row, paid here once', () => {
    fc.assert(
      fc.property(kindArb, queuedArb, (kind, queued) => {
        const placed = placeImportedPayout(kind, queued, 'pending');
        if (kind === 'owed' || kind === 'in_flight' || kind === 'cancelled') expect(placed.kind).not.toBe('history');
        if (kind === 'owed') {
          expect(placed).toEqual(
            queued === null
              ? { kind: 'refused', reason: expect.stringContaining('its commission is pending here'), dropQueued: null }
              : { kind: 'matched', queuedId: queued.id, takeOverSchedule: untouched(queued) },
          );
        }
        if (kind === 'cancelled') expect(placed.kind).toBe('skipped');
        if ((kind === 'completed' || kind === 'failed') && queued === null) expect(placed).toEqual({ kind: 'history', replaces: null, marksPaid: kind === 'completed' });
      }),
    );
  });

  it('never leaves a row the run here could still pay when the source is paying it now', () => {
    fc.assert(
      fc.property(queuedArb, (queued) => {
        const placed = placeImportedPayout('in_flight', queued, 'approved');
        expect(placed.kind).toBe('refused');
        if (placed.kind === 'refused') expect(placed.dropQueued).toBe(queued && untouched(queued) ? queued.id : null);
      }),
    );
  });

  it('lets a failure imported earlier give way to the payment that followed it, and refuses paid money the run here already handled', () => {
    const importedFailure: QueuedPayoutFacts = { id: 'q-1', status: 'failed', attempts: 0, paymentId: null };
    expect(placeImportedPayout('completed', importedFailure, 'approved')).toEqual({ kind: 'history', replaces: 'q-1', marksPaid: true });
    expect(placeImportedPayout('failed', importedFailure, 'approved')).toEqual({ kind: 'matched', queuedId: 'q-1', takeOverSchedule: false });
    const paidHere: QueuedPayoutFacts = { id: 'q-2', status: 'completed', attempts: 1, paymentId: 'pay-1' };
    expect(placeImportedPayout('completed', paidHere, 'paid')).toMatchObject({ kind: 'refused', reason: expect.stringContaining('settle the difference'), dropQueued: null });
  });
});
