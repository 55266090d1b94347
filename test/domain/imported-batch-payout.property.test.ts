import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchPayoutBeforeReading, Decimal, IMPORTED_PAYOUT_KINDS, placeImportedBatchPayout, type BatchCandidate } from '../../domain/index.js';

const cents = fc.integer({ min: 1, max: 500_000 }).map((n) => new Decimal(n).div(100).toFixed(2));
const candidateArb = (currencies: readonly string[]): fc.Arbitrary<BatchCandidate> =>
  fc.record({ id: fc.uuid(), commission: cents, currency: fc.constantFrom(...currencies) });
const payoutOf = (amount: string) => ({ externalId: 'po_1', amount, currency: null, from: '2026-10-01', to: '2026-10-31' });
const sumOf = (candidates: readonly BatchCandidate[]) => candidates.reduce((s, c) => s.plus(c.commission), new Decimal(0));

describe("placing a source's batch payout (a sum per affiliate and period)", () => {
  it('places it on every candidate exactly when they are in one currency and add up to its amount', () => {
    fc.assert(
      fc.property(fc.array(candidateArb(['usd', 'eur']), { maxLength: 6 }), fc.boolean(), cents, (candidates, exact, other) => {
        const amount = exact ? sumOf(candidates).toFixed(2) : other;
        const placed = placeImportedBatchPayout(payoutOf(amount), candidates);
        const oneCurrency = new Set(candidates.map((c) => c.currency)).size === 1;
        const adds = candidates.length > 0 && sumOf(candidates).eq(amount);
        if (oneCurrency && adds) expect(placed).toEqual({ kind: 'history', paid: candidates });
        else expect(placed).toEqual({ kind: 'refused', reason: expect.stringContaining('not split (the commissions keep their paid state, none is paid again)') });
      }),
    );
  });

  it('never splits a commission: the history rows pay each candidate its whole commission, adding up to the payout', () => {
    fc.assert(
      fc.property(fc.array(candidateArb(['usd']), { minLength: 1, maxLength: 6 }), (candidates) => {
        const placed = placeImportedBatchPayout(payoutOf(sumOf(candidates).toFixed(2)), candidates);
        expect(placed.kind).toBe('history');
        if (placed.kind === 'history') expect(sumOf(placed.paid).eq(sumOf(candidates))).toBe(true);
      }),
    );
  });

  it('refuses an amount that is not a decimal, whatever the candidates', () => {
    for (const amount of ['', '-1', '1e3', '12,50', 'abc']) {
      expect(placeImportedBatchPayout(payoutOf(amount), [{ id: 'c', commission: '1', currency: 'usd' }])).toEqual({ kind: 'refused', reason: expect.stringContaining('is not a decimal') });
    }
  });

  it('reads candidates only for money the source paid, within a period; owed money stays queued here and money in flight is not placed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IMPORTED_PAYOUT_KINDS), fc.option(fc.constant('2026-10-01'), { nil: null }), (kind, from) => {
        const decided = batchPayoutBeforeReading(kind, { from, to: '2026-10-31' });
        if (from === null) expect(decided).toEqual({ kind: 'refused', reason: 'commission_id is required: the payout names none of its commissions' });
        else if (kind === 'completed') expect(decided).toBeNull();
        else if (kind === 'in_flight') expect(decided?.kind).toBe('refused');
        else expect(decided?.kind).toBe('skipped');
      }),
    );
  });
});
