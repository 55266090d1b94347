import fc from 'fast-check';
import { Decimal, minorUnitDigits, type CurrencyCode } from '../../domain/index.js';
import type { BonusRule, ConversionFact, ConversionStatus } from '../../domain/index.js';
import { CURRENCIES, currencyArb, decimalOf, minorAmountArb } from './money.js';
import { exactToString, type Exact } from './exact.js';

export { CURRENCIES, currencyArb };

/** Affiliate ids that sort in a known order. */
export const affiliateIdArb = fc.integer({ min: 0, max: 30 }).map((n) => `aff_${String(n).padStart(2, '0')}`);

/** 1 to 12 distinct members. */
export const rosterArb = fc.uniqueArray(affiliateIdArb, { minLength: 1, maxLength: 12 });

/** A weight (contribution) exact to up to 3 decimals, zero included. */
export const weightArb: fc.Arbitrary<Exact> = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.bigInt({ min: 0n, max: 10_000_000n }))
  .map(([scale, units]) => ({ units, scale }));

/** A total exact in the currency's minor unit. */
export const totalArb = (currency: CurrencyCode): fc.Arbitrary<Exact> => minorAmountArb(currency, 1_000_000n);

export const unitsOfDecimal = (value: Decimal, digits: number): bigint => {
  const scaled = value.times(new Decimal(10).pow(digits));
  if (!scaled.isInteger()) throw new Error(`${value.toFixed()} is not exact at ${digits} digits`);
  return BigInt(scaled.toFixed(0));
};

/** A bonus rule for a revenue goal in `currency`. */
export const bonusRuleArb = (currency: CurrencyCode): fc.Arbitrary<BonusRule> => {
  const money = minorAmountArb(currency, 100_000n, 1n).map(decimalOf);
  const cap = fc.option(minorAmountArb(currency, 100_000n, 1n).map(decimalOf), { nil: null });
  const scope = fc.constantFrom('team' as const, 'leader' as const);
  const split = fc.constantFrom('equal' as const, 'proportional' as const);
  const flat = fc.record({ type: fc.constant('flat' as const), value: money, tiers: fc.constant(null), cap, scope, split });
  const percent = fc.record({
    type: fc.constant('percent_over' as const),
    value: fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Decimal(n).dividedBy(10_000)),
    tiers: fc.constant(null),
    cap,
    scope,
    split,
  });
  const tiered = fc.record({
    type: fc.constant('tiered' as const),
    value: fc.constant(null),
    tiers: fc
      .uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 10 })
      .chain((thresholds) =>
        fc.tuple(...thresholds.map((t) => money.map((amount) => ({ threshold: new Decimal(t), amount })))),
      )
      .map((tiers) => [...tiers].sort((a, b) => a.threshold.comparedTo(b.threshold))),
    cap,
    scope,
    split,
  });
  return fc.oneof(flat, percent, tiered);
};

/** The instant generated conversion facts count from. */
export const FACTS_T0 = new Date('2026-01-01T00:00:00.000Z');

const STATUSES: ConversionStatus[] = ['pending', 'approved', 'paid', 'rejected', 'refunded', 'held'];

/** A sale by one of `affiliates` on one of `campaigns`, in one of `currencies`, within ~120 days of FACTS_T0. */
export const conversionFactArb = (
  affiliates: readonly string[],
  campaigns: readonly string[],
  currencies: readonly CurrencyCode[] = CURRENCIES,
): fc.Arbitrary<ConversionFact> =>
  fc
    .record({
      affiliateId: fc.constantFrom(...affiliates),
      campaignId: fc.constantFrom(...campaigns),
      currency: fc.constantFrom(...currencies),
      status: fc.constantFrom(...STATUSES),
      offsetMs: fc.integer({ min: 0, max: 120 * 86_400_000 }),
      refundedPart: fc.integer({ min: 0, max: 100 }),
    })
    .chain((r) =>
      minorAmountArb(r.currency, 10_000n).map((amount) => {
        const digits = minorUnitDigits(r.currency);
        const refunded = r.refundedPart === 0 ? null : (amount.units * BigInt(r.refundedPart)) / 100n;
        return {
          affiliateId: r.affiliateId,
          campaignId: r.campaignId,
          amount: decimalOf(amount),
          refundedAmount: refunded === null ? null : new Decimal(exactToString({ units: refunded, scale: digits })),
          currency: r.currency,
          status: r.status,
          source: 'api' as const,
          createdAt: new Date(FACTS_T0.getTime() + r.offsetMs),
        };
      }),
    );
