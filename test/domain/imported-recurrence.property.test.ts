import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importedRecurrenceOf, RECURRING_COMMISSION_MONTHS_MAX } from '../../domain/index.js';

describe("an imported reward's duration", () => {
  it('0 months pays the first sale only', () => {
    expect(importedRecurrenceOf(0)).toEqual({ recurring: false, months: null });
  });

  it('none, or anything not a duration, pays for the lifetime', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(null), fc.constant(undefined), fc.string(), fc.double({ max: -Number.MIN_VALUE }), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY)), (value) => {
        expect(importedRecurrenceOf(value)).toEqual({ recurring: true, months: null });
      }),
    );
  });

  it('a positive duration is kept in whole months, rounded up, within our longest window', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: RECURRING_COMMISSION_MONTHS_MAX, noNaN: true }), (months) => {
        const recurrence = importedRecurrenceOf(months);
        expect(recurrence.recurring).toBe(true);
        expect(recurrence.months).toBe(Math.ceil(months));
        expect(recurrence.months!).toBeGreaterThanOrEqual(months);
      }),
    );
  });

  it('past our longest window reads as lifetime rather than cutting months the source paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: RECURRING_COMMISSION_MONTHS_MAX + 1, max: 10_000 }), (months) => {
        expect(importedRecurrenceOf(months)).toEqual({ recurring: true, months: null });
      }),
    );
  });
});
