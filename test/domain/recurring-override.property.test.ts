import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCommission, Decimal, DEFAULT_CURRENCY, type CommissionRates } from '../../domain/index.js';

describe("a team override's recurringValue", () => {
  const rates = (recurring: number | null): CommissionRates => ({
    campaign: { type: 'percentage', value: new Decimal(10) },
    override: { type: 'percentage', value: new Decimal(30) },
    overrideRecurringValue: recurring === null ? null : new Decimal(recurring),
  });

  it('is the rate of renewals, while first sales keep the override rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), (cents, recurring) => {
        const amount = new Decimal(cents).dividedBy(100);
        const first = calculateCommission({ amount, currency: DEFAULT_CURRENCY, rates: rates(recurring) });
        const renewal = calculateCommission({ amount, currency: DEFAULT_CURRENCY, rates: rates(recurring), recurring: true });
        expect(first.rate.value.toNumber()).toBe(30);
        expect(renewal.rule).toBe('override');
        expect(renewal.rate.value.toNumber()).toBe(recurring ?? 30);
        expect(renewal.commission.toFixed(2)).toBe(amount.times(recurring ?? 30).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      }),
    );
  });

  it('does nothing without an override', () => {
    const renewal = calculateCommission({
      amount: new Decimal(100),
      currency: DEFAULT_CURRENCY,
      rates: { campaign: { type: 'percentage', value: new Decimal(10) }, overrideRecurringValue: new Decimal(50) },
      recurring: true,
    });
    expect(renewal).toMatchObject({ rule: 'campaign' });
    expect(renewal.commission.toNumber()).toBe(10);
  });
});
