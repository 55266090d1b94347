import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSION_STATUSES,
  DUE_PAYOUT_STATUSES,
  isManuallyPayable,
  isOpenPayout,
  MANUALLY_PAYABLE_PAYOUT_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  payoutDue,
  queuePayout,
  RELEASABLE_PAYOUT_STATUSES,
  releasePayout,
  startAttempt,
  type Conversion,
  type PayoutDueFacts,
} from '../../domain/index.js';

const DAY = 86_400_000;
const dateArb = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });

const factsArb: fc.Arbitrary<PayoutDueFacts> = fc.record({
  status: fc.constantFrom(...PAYOUT_STATUSES),
  scheduledDate: dateArb,
  conversionStatus: fc.constantFrom(...CONVERSION_STATUSES),
  affiliate: fc.record({ headless: fc.boolean(), payoutMethod: fc.option(fc.constantFrom(...PAYOUT_METHODS), { nil: null }) }),
  automaticPayouts: fc.boolean(),
});

/**
 * The rule as the payout job's two selections state it (release, then attempt), written flat: the
 * domain function must answer exactly what they select.
 */
const selectedFor = (f: PayoutDueFacts, now: Date): 'release' | 'attempt' | null => {
  const dateCome = f.scheduledDate <= now;
  const hasDetails = f.affiliate.payoutMethod !== null;
  if (f.status === 'pending' && dateCome && (f.affiliate.headless || hasDetails)) return 'release';
  if ((f.status === 'scheduled' || f.status === 'awaiting_funds') && dateCome && f.conversionStatus === 'approved' && f.automaticPayouts && !f.affiliate.headless && hasDetails) {
    return 'attempt';
  }
  return null;
};

const conversion = { id: 'c', merchantId: 'm', mode: 'live', campaignId: 'k', affiliateId: 'a', status: 'approved', commission: { gt: () => true }, currency: 'usd' } as unknown as Conversion;

describe('payout eligibility', () => {
  it('is due exactly when the job would select the row, and for the same step', () => {
    fc.assert(
      fc.property(factsArb, dateArb, (facts, now) => {
        const due = payoutDue(facts, now);
        expect(due.isOk() ? due.value : null).toBe(selectedFor(facts, now));
      }),
      { numRuns: 500 },
    );
  });

  it('never acts on a row before its date, nor on one in flight, paid or failed; stays due as time passes', () => {
    fc.assert(
      fc.property(factsArb, dateArb, fc.integer({ min: 0, max: 400 }), (facts, now, days) => {
        const due = payoutDue(facts, now);
        if (!isOpenPayout(facts.status) || facts.status === 'failed') expect(due._unsafeUnwrapErr()).toBe('not_open');
        if (facts.scheduledDate > now && isOpenPayout(facts.status) && facts.status !== 'failed') expect(due._unsafeUnwrapErr()).toBe('not_yet');
        if (due.isOk()) {
          expect(facts.scheduledDate.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(payoutDue(facts, new Date(now.getTime() + days * DAY))).toEqual(due);
        }
      }),
    );
  });

  it('a headless affiliate is released but never paid by the job; an affiliate without details is neither', () => {
    fc.assert(
      fc.property(factsArb, dateArb, (facts, now) => {
        const due = payoutDue(facts, now);
        if (due.isOk() && due.value === 'attempt') {
          expect(facts.affiliate.headless).toBe(false);
          expect(facts.affiliate.payoutMethod).not.toBeNull();
          expect(facts.automaticPayouts).toBe(true);
          expect(facts.conversionStatus).toBe('approved');
        }
        if (!facts.affiliate.headless && facts.affiliate.payoutMethod === null) expect(due.isOk()).toBe(false);
      }),
    );
  });

  it('agrees with the payout machine: a due row releases or starts its attempt, a row not released or due refuses', () => {
    fc.assert(
      fc.property(factsArb, dateArb, fc.integer({ min: 0, max: 90 }), (facts, now, holdingDays) => {
        const queued = queuePayout({ id: 'p', conversion, holdingDays, now: facts.scheduledDate })._unsafeUnwrap();
        const row = { ...queued, status: facts.status, scheduledDate: facts.scheduledDate };
        const due = payoutDue(facts, now);
        if (due.isOk() && due.value === 'release') {
          const released = releasePayout(row, now)._unsafeUnwrap().payout;
          expect(DUE_PAYOUT_STATUSES).toContain(released.status);
        }
        if (due.isOk() && due.value === 'attempt') expect(startAttempt(row, { method: 'connect', now }).isOk()).toBe(true);
        if (!RELEASABLE_PAYOUT_STATUSES.includes(facts.status)) expect(releasePayout(row, now).isErr()).toBe(true);
        if (!DUE_PAYOUT_STATUSES.includes(facts.status)) expect(startAttempt(row, { method: 'connect', now }).isErr()).toBe(true);
      }),
    );
  });

  it('a merchant pays by hand any released row, a failed one included, and nothing pending or paid', () => {
    for (const status of PAYOUT_STATUSES) {
      expect(isManuallyPayable(status)).toBe(MANUALLY_PAYABLE_PAYOUT_STATUSES.includes(status));
      expect(isManuallyPayable(status)).toBe(DUE_PAYOUT_STATUSES.includes(status) || status === 'failed');
    }
  });
});
