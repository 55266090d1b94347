import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdPayout, nextPaymentCheck, nextPayoutDate, PAYOUT_STATUSES, queuePayout, type Conversion, type Payout } from '../../domain/index.js';

const DAY = 86_400_000;
const dateArb = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });

describe('payout day and held rows', () => {
  it('the next payout day is on or after now, on that day of the month, within a month', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 28 }), (now, day) => {
        const next = nextPayoutDate(now, day);
        expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(next.getUTCDate()).toBe(day);
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(31 * DAY);
        if (now.getUTCDate() === day) expect(next).toEqual(now);
        // A held row is looked at again after now, on the payout day.
        const check = nextPaymentCheck(now, day);
        expect(check.getTime()).toBeGreaterThan(now.getTime());
        expect(check.getUTCDate()).toBe(day);
      }),
    );
    const now = new Date('2026-11-26T10:00:00Z');
    expect(nextPayoutDate(now, null)).toEqual(now);
    expect(nextPayoutDate(now, 15).toISOString()).toBe('2026-12-15T00:00:00.000Z');
    expect(nextPayoutDate(new Date('2026-12-20T00:00:00Z'), 5).toISOString()).toBe('2027-01-05T00:00:00.000Z');
    expect(nextPaymentCheck(now, null).toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });

  it('holding a due row keeps it scheduled with the reason, counts no attempt, records no event; other states refuse', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const conversion = { id: 'c', merchantId: 'm', mode: 'live', campaignId: 'k', affiliateId: 'a', status: 'approved', commission: { gt: () => true }, currency: 'usd' } as unknown as Conversion;
    const queued = queuePayout({ id: 'p', conversion, holdingDays: 0, now })._unsafeUnwrap();
    for (const status of PAYOUT_STATUSES) {
      const row: Payout = { ...queued, status };
      const held = holdPayout(row, 'below_minimum_payout', new Date(now.getTime() + DAY), now);
      if (status === 'scheduled' || status === 'awaiting_funds') {
        const { payout, events } = held._unsafeUnwrap();
        expect(payout).toMatchObject({ status: 'scheduled', attempts: 0, failureReason: 'below_minimum_payout', scheduledDate: new Date(now.getTime() + DAY) });
        expect(events).toEqual([]);
      } else {
        expect(held._unsafeUnwrapErr().code).toBe('invalid_transition');
      }
    }
  });
});
