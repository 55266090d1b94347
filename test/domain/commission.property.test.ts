import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCommission, type CommissionRule } from '../../domain/conversion/commission.js';
import { minorUnitDigits, type CurrencyCode } from '../../domain/money/currency.js';
import { Decimal } from '../../domain/money/decimal.js';
import {
  exactRateArb,
  exactRatesArb,
  monthToDateArb,
  toMonthToDate,
  toRate,
  toRates,
  type ExactRate,
  type ExactRates,
} from '../arbitraries/commission.js';
import { unitsOf } from '../arbitraries/conversion.js';
import { referenceFixed, referencePercentage, type Exact } from '../arbitraries/exact.js';
import { currencyArb, decimalOf, minorAmountArb } from '../arbitraries/money.js';

const reference = (amount: Exact, rate: ExactRate, digits: number): bigint =>
  rate.type === 'percentage' ? referencePercentage(amount, rate.value, digits) : referenceFixed(rate.value, digits);

/** The precedence written out independently: override, team campaign, team base, reached tier, campaign. */
const expectedRule = (
  rates: ExactRates,
  month: { conversions: number; revenue: bigint },
): { rule: CommissionRule; rate: ExactRate } => {
  if (rates.override) return { rule: 'override', rate: rates.override };
  if (rates.teamCampaign) return { rule: 'team_campaign', rate: rates.teamCampaign };
  if (rates.teamBase) return { rule: 'team_base', rate: rates.teamBase };
  const basis = rates.tiers?.basis === 'conversions' ? BigInt(month.conversions) : month.revenue;
  const reached = (rates.tiers?.tiers ?? []).filter((t) => t.threshold <= basis);
  const top = reached.reduce<(typeof reached)[number] | null>((best, t) => (best === null || t.threshold > best.threshold ? t : best), null);
  if (top) return { rule: 'campaign_tier', rate: top };
  return { rule: 'campaign', rate: rates.campaign };
};

const saleArb = currencyArb.chain((currency) => fc.tuple(fc.constant(currency), minorAmountArb(currency)));

/** Amounts with more digits than the minor unit too: the calculator must round any input once. */
const anyAmountArb: fc.Arbitrary<Exact> = fc.record({
  units: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  scale: fc.integer({ min: 0, max: 6 }),
});

describe('commission precedence', () => {
  it('override beats team campaign beats team base beats the campaign (tier, then base)', () => {
    fc.assert(
      fc.property(saleArb, exactRatesArb, monthToDateArb, ([currency, amount], rates, month) => {
        const digits = minorUnitDigits(currency);
        const applied = calculateCommission({
          amount: decimalOf(amount),
          currency,
          rates: toRates(rates),
          monthToDate: toMonthToDate(month),
        });
        const expected = expectedRule(rates, month);
        expect(applied.rule).toBe(expected.rule);
        expect(applied.rate.type).toBe(expected.rate.type);
        expect(unitsOf(applied.commission, digits)).toBe(reference(amount, expected.rate, digits));
      }),
      { numRuns: 1000 },
    );
  });

  it('overrides (and team rates) bypass volume tiers: reaching a tier changes nothing', () => {
    fc.assert(
      fc.property(saleArb, exactRatesArb, exactRateArb, ([currency, amount], rates, override) => {
        const withOverride = toRates({ ...rates, override });
        const base = { amount: decimalOf(amount), currency, rates: withOverride };
        const quiet = calculateCommission({ ...base, monthToDate: { conversions: 0, revenue: new Decimal(-1) } });
        const busy = calculateCommission({ ...base, monthToDate: { conversions: 1_000_000, revenue: new Decimal(1e9) } });
        expect(busy.rule).toBe('override');
        expect(busy.commission.eq(quiet.commission)).toBe(true);
      }),
    );
  });

  it('picks the highest tier reached, not the first or the last listed', () => {
    const pct = (v: string) => ({ type: 'percentage' as const, value: new Decimal(v) });
    const rates = {
      campaign: pct('5'),
      campaignTiers: {
        basis: 'conversions' as const,
        tiers: [
          { threshold: new Decimal(20), ...pct('15') },
          { threshold: new Decimal(10), ...pct('10') },
          { threshold: new Decimal(50), ...pct('25') },
        ],
      },
    };
    const at = (conversions: number) =>
      calculateCommission({
        amount: new Decimal(100),
        currency: 'usd' as CurrencyCode,
        rates,
        monthToDate: { conversions, revenue: new Decimal(0) },
      });
    expect(at(9).commission.toFixed(2)).toBe('5.00');
    expect(at(9).rule).toBe('campaign');
    expect(at(10).commission.toFixed(2)).toBe('10.00');
    expect(at(35).commission.toFixed(2)).toBe('15.00');
    expect(at(35).tierThreshold?.toNumber()).toBe(20);
    expect(at(50).commission.toFixed(2)).toBe('25.00');
  });
});

describe('commission rounding', () => {
  it('equals the BigInt reference (half away from zero, once) for every currency, rate and amount', () => {
    fc.assert(
      fc.property(currencyArb, anyAmountArb, exactRateArb, (currency, amount, rate) => {
        const digits = minorUnitDigits(currency);
        const applied = calculateCommission({ amount: decimalOf(amount), currency, rates: { campaign: toRate(rate) } });
        // unitsOf fails on any digit beyond the minor unit: the stored figure is fully rounded.
        expect(unitsOf(applied.commission, digits)).toBe(reference(amount, rate, digits));
      }),
      { numRuns: 2000 },
    );
  });

  const pct = (amount: string, percent: string, currency: string) =>
    calculateCommission({
      amount: new Decimal(amount),
      currency: currency as CurrencyCode,
      rates: { campaign: { type: 'percentage', value: new Decimal(percent) } },
    }).commission.toFixed();
  const fixed = (value: string, currency: string) =>
    calculateCommission({
      amount: new Decimal(1),
      currency: currency as CurrencyCode,
      rates: { campaign: { type: 'fixed', value: new Decimal(value) } },
    }).commission.toFixed();

  it('rounds ties up (away from zero) in USD, JPY and KWD', () => {
    expect(pct('0.01', '50', 'usd')).toBe('0.01'); // 0.005
    expect(pct('0.03', '50', 'usd')).toBe('0.02'); // 0.015: not banker's rounding (would give 0.02 too) ...
    expect(pct('0.05', '50', 'usd')).toBe('0.03'); // 0.025: ... but here banker's would give 0.02
    expect(pct('4.45', '10', 'usd')).toBe('0.45'); // 0.445
    expect(pct('5', '50', 'jpy')).toBe('3'); // 2.5
    expect(pct('1', '50', 'jpy')).toBe('1'); // 0.5
    expect(pct('0.001', '50', 'kwd')).toBe('0.001'); // 0.0005
    expect(pct('0.005', '50', 'kwd')).toBe('0.003'); // 0.0025
    expect(fixed('10.005', 'usd')).toBe('10.01');
    expect(fixed('99.5', 'jpy')).toBe('100');
    expect(fixed('1.2345', 'kwd')).toBe('1.235');
  });

  it('rounds just below a tie down', () => {
    expect(pct('0.0099', '50', 'usd')).toBe('0'); // 0.00495
    expect(pct('4.99', '10', 'jpy')).toBe('0'); // 0.499
    expect(fixed('0.00049', 'kwd')).toBe('0');
  });

  it('rounds exactly once: no intermediate rounding step creates a tie', () => {
    // A two-step rounding (to one extra digit first) would give 0.45 / 1 / 0.001.
    expect(pct('44.49', '1', 'usd')).toBe('0.44'); // 0.4449
    expect(pct('10', '4.9', 'jpy')).toBe('0'); // 0.49
    expect(pct('0.01', '4.9', 'kwd')).toBe('0'); // 0.00049
  });
});
