import fc from 'fast-check';
import type { CommissionRate, CommissionRates, CommissionType, MonthToDate, VolumeTiers } from '../../domain/index.js';
import { Decimal } from '../../domain/index.js';
import type { Exact } from './exact.js';
import { decimalOf, fixedValueArb, percentArb } from './money.js';

/** A rate together with its exact value, so tests can compute the reference without decimal.js. */
export interface ExactRate {
  readonly type: CommissionType;
  readonly value: Exact;
}

export const toRate = (rate: ExactRate): CommissionRate => ({ type: rate.type, value: decimalOf(rate.value) });

export const exactRateArb: fc.Arbitrary<ExactRate> = fc.oneof(
  percentArb.map((value) => ({ type: 'percentage' as const, value })),
  fixedValueArb.map((value) => ({ type: 'fixed' as const, value })),
);

export interface ExactTier extends ExactRate {
  readonly threshold: bigint;
}

export interface ExactRates {
  readonly campaign: ExactRate;
  readonly tiers: { readonly basis: 'conversions' | 'revenue'; readonly tiers: readonly ExactTier[] } | null;
  readonly teamBase: ExactRate | null;
  readonly teamCampaign: ExactRate | null;
  readonly override: ExactRate | null;
}

const tierArb: fc.Arbitrary<ExactTier> = fc
  .tuple(exactRateArb, fc.bigInt({ min: 0n, max: 60n }))
  .map(([rate, threshold]) => ({ ...rate, threshold }));

export const exactRatesArb: fc.Arbitrary<ExactRates> = fc.record({
  campaign: exactRateArb,
  tiers: fc.option(
    fc.record({ basis: fc.constantFrom('conversions' as const, 'revenue' as const), tiers: fc.array(tierArb, { maxLength: 5 }) }),
    { nil: null },
  ),
  teamBase: fc.option(exactRateArb, { nil: null }),
  teamCampaign: fc.option(exactRateArb, { nil: null }),
  override: fc.option(exactRateArb, { nil: null }),
});

export const toRates = (rates: ExactRates): CommissionRates => {
  const tiers: VolumeTiers | null = rates.tiers
    ? {
        basis: rates.tiers.basis,
        tiers: rates.tiers.tiers.map((t) => ({ ...toRate(t), threshold: new Decimal(t.threshold.toString()) })),
      }
    : null;
  return {
    campaign: toRate(rates.campaign),
    campaignTiers: tiers,
    teamBase: rates.teamBase ? toRate(rates.teamBase) : null,
    teamCampaign: rates.teamCampaign ? toRate(rates.teamCampaign) : null,
    override: rates.override ? toRate(rates.override) : null,
  };
};

/** Month-to-date figures small enough to land on and around tier thresholds (0..60). */
export const monthToDateArb: fc.Arbitrary<{ conversions: number; revenue: bigint }> = fc.record({
  conversions: fc.integer({ min: 0, max: 70 }),
  revenue: fc.bigInt({ min: 0n, max: 70n }),
});

export const toMonthToDate = (m: { conversions: number; revenue: bigint }): MonthToDate => ({
  conversions: m.conversions,
  revenue: new Decimal(m.revenue.toString()),
});
