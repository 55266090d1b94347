import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionRate, percentChange } from '../../domain/index.js';

describe('percentChange and conversionRate', () => {
  it('has no base without a previous figure, is zero for equal periods, and has the sign of the change', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (current, previous) => {
        const change = percentChange(current, previous);
        if (previous === 0) {
          expect(change).toBeNull();
          return;
        }
        expect(Number.isInteger(change)).toBe(true);
        if (current === previous) expect(change).toBe(0);
        if (current > previous) expect(change).toBeGreaterThanOrEqual(0);
        if (current < previous) expect(change).toBeLessThanOrEqual(0);
        expect(change).toBeGreaterThanOrEqual(-100);
      }),
    );
    expect(percentChange(112, 100)).toBe(12);
    expect(percentChange(88, 100)).toBe(-12);
  });

  it('gives a rate between 0 and 100 when conversions do not exceed clicks, null without clicks', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (a, b) => {
        const [conversions, clicks] = a <= b ? [a, b] : [b, a];
        const rate = conversionRate(conversions, clicks);
        if (clicks === 0) {
          expect(rate).toBeNull();
          return;
        }
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
      }),
    );
    expect(conversionRate(1, 3)).toBe(33.3);
  });
});
