import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOAL_STATUSES, IMPORTED_AWARD_STATUSES, importedAwardPeriod, importedAwardStatus, importedGoalPeriod, monthKeyOf, monthStartOf } from '../../domain/index.js';

const WAITING = ['pending_window', 'pending_approval', 'approved', 'processing'];
const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true });

describe('imported team goals and awards', () => {
  it('an award is history: never a state the payout job would pay', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...WAITING, ...IMPORTED_AWARD_STATUSES), fc.string()), (status) => {
        const result = importedAwardStatus(status);
        if (result.isOk()) expect(IMPORTED_AWARD_STATUSES).toContain(result.value);
        if (WAITING.includes(status)) expect(result.isErr()).toBe(true);
      }),
    );
  });

  it('an active monthly goal runs from the month of the import, never reopening a month before it; other goals keep their first period', () => {
    fc.assert(
      fc.property(instant, instant, fc.constantFrom(...GOAL_STATUSES), (periodStart, now, status) => {
        const period = importedGoalPeriod({ periodMode: 'monthly', periodStart, periodEnd: null, status }, now);
        if (status === 'active') {
          expect(period.start.getTime()).toBe(Math.max(periodStart.getTime(), monthStartOf(now).getTime()));
          expect(period.key).toBe(monthKeyOf(period.start));
          expect(period.end!.getTime()).toBeGreaterThan(now.getTime() < period.start.getTime() ? period.start.getTime() : now.getTime());
        } else expect(period.start).toEqual(periodStart);
        const oneTime = importedGoalPeriod({ periodMode: 'one_time', periodStart, periodEnd: null, status }, now);
        expect(oneTime).toEqual({ key: 'one_time', start: periodStart, end: null });
      }),
    );
  });

  it("an award's period is its UTC month, or the one-time goal's span; a key of the other kind is refused", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 2, max: 5 }), (at, n) => {
        const key = monthKeyOf(at);
        const monthly = { periodMode: 'monthly' as const, periodStart: at, periodEnd: null };
        for (const k of [key, `${key}#${n}`]) {
          const { start, end } = importedAwardPeriod(k, monthly)._unsafeUnwrap();
          expect(start).toEqual(monthStartOf(at));
          expect(monthKeyOf(end)).not.toBe(key);
          expect(end.getTime()).toBeGreaterThan(at.getTime());
        }
        expect(importedAwardPeriod('one_time', monthly).isErr()).toBe(true);
        const oneTime = { periodMode: 'one_time' as const, periodStart: at, periodEnd: new Date(at.getTime() + 86_400_000) };
        expect(importedAwardPeriod(`one_time#${n}`, oneTime)._unsafeUnwrap()).toEqual({ start: oneTime.periodStart, end: oneTime.periodEnd });
        expect(importedAwardPeriod(key, oneTime).isErr()).toBe(true);
      }),
    );
    expect(importedAwardPeriod('2026-13', { periodMode: 'monthly', periodStart: new Date(), periodEnd: null }).isErr()).toBe(true);
  });
});
