import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeBonusTotal,
  computeShares,
  Decimal,
  minorUnitDigits,
  splitExact,
  type MemberProgress,
} from '../../domain/index.js';
import { decimalOf } from '../arbitraries/money.js';
import { pow10, roundRatioHalfAwayFromZero, toUnitsAt, type Exact } from '../arbitraries/exact.js';
import { bonusRuleArb, currencyArb, rosterArb, totalArb, unitsOfDecimal, weightArb } from '../arbitraries/team.js';

/** Weights as integers at a common scale (BigInt reference, independent of the implementation). */
const commonUnits = (weights: readonly Exact[]): bigint[] => {
  const scale = Math.max(0, ...weights.map((w) => w.scale));
  return weights.map((w) => toUnitsAt(w, scale));
};

const splitCase = currencyArb.chain((currency) =>
  rosterArb.chain((roster) =>
    fc.record({
      currency: fc.constant(currency),
      total: totalArb(currency),
      roster: fc.constant(roster),
      weights: fc.array(weightArb, { minLength: roster.length, maxLength: roster.length }),
    }),
  ),
);

describe('splitExact: exact splits in the minor unit (largest remainder)', () => {
  it('shares are whole minor units, never negative, and add up exactly to the total', () => {
    fc.assert(
      fc.property(splitCase, ({ currency, total, roster, weights }) => {
        const digits = minorUnitDigits(currency);
        const shares = splitExact(decimalOf(total), roster.map((id, i) => ({ id, weight: decimalOf(weights[i]!) })), currency);
        expect(shares.map((s) => s.id)).toEqual(roster);
        const units = shares.map((s) => unitsOfDecimal(s.amount, digits));
        for (const u of units) expect(u >= 0n).toBe(true);
        const weightSum = commonUnits(weights).reduce((a, b) => a + b, 0n);
        const expectedSum = weightSum === 0n ? 0n : toUnitsAt(total, digits);
        expect(units.reduce((a, b) => a + b, 0n)).toBe(expectedSum);
      }),
      { numRuns: 300 },
    );
  });

  it('each share is its exact proportional value rounded down or up (less than one minor unit away)', () => {
    fc.assert(
      fc.property(splitCase, ({ currency, total, roster, weights }) => {
        const digits = minorUnitDigits(currency);
        const w = commonUnits(weights);
        const sum = w.reduce((a, b) => a + b, 0n);
        fc.pre(sum > 0n);
        const T = toUnitsAt(total, digits);
        const shares = splitExact(decimalOf(total), roster.map((id, i) => ({ id, weight: decimalOf(weights[i]!) })), currency);
        shares.forEach((share, i) => {
          const u = unitsOfDecimal(share.amount, digits);
          const floor = (T * w[i]!) / sum;
          const exact = (T * w[i]!) % sum === 0n;
          expect(u === floor || (!exact && u === floor + 1n)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('proportional shares follow contributions: a larger weight never gets a smaller share', () => {
    fc.assert(
      fc.property(splitCase, ({ currency, total, roster, weights }) => {
        const digits = minorUnitDigits(currency);
        const w = commonUnits(weights);
        const shares = splitExact(decimalOf(total), roster.map((id, i) => ({ id, weight: decimalOf(weights[i]!) })), currency).map((s) =>
          unitsOfDecimal(s.amount, digits),
        );
        for (let i = 0; i < w.length; i += 1) {
          for (let j = 0; j < w.length; j += 1) {
            if (w[i]! > w[j]!) expect(shares[i]! >= shares[j]!).toBe(true);
            if (w[i]! === w[j]!) expect(shares[i]! - shares[j]! <= 1n && shares[j]! - shares[i]! <= 1n).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an equal split differs by at most one minor unit between members', () => {
    fc.assert(
      fc.property(currencyArb.chain((c) => fc.tuple(fc.constant(c), totalArb(c), rosterArb)), ([currency, total, roster]) => {
        const digits = minorUnitDigits(currency);
        const shares = splitExact(decimalOf(total), roster.map((id) => ({ id, weight: new Decimal(1) })), currency).map((s) =>
          unitsOfDecimal(s.amount, digits),
        );
        const T = toUnitsAt(total, digits);
        const n = BigInt(roster.length);
        for (const s of shares) expect(s === T / n || s === T / n + 1n).toBe(true);
        expect(shares.reduce((a, b) => a + b, 0n)).toBe(T);
      }),
    );
  });
});

/** Reference bonus in minor units, BigInt only. Targets and aggregates are whole numbers here. */
const referenceTotal = (
  rule: { type: string; value: Decimal | null; tiers: { threshold: Decimal; amount: Decimal }[] | null; cap: Decimal | null },
  target: bigint,
  aggregate: bigint,
  digits: number,
): bigint => {
  if (aggregate < target) return 0n;
  const units = (d: Decimal) => unitsOfDecimal(d, digits);
  let raw: { num: bigint; den: bigint };
  if (rule.type === 'flat') raw = { num: units(rule.value!), den: 1n };
  else if (rule.type === 'percent_over') {
    const pct = unitsOfDecimal(rule.value!, 4);
    raw = { num: (aggregate - target) * pow10(digits) * pct, den: 100n * 10_000n };
  } else {
    const reached = (rule.tiers ?? []).filter((t) => BigInt(t.threshold.toFixed(0)) <= aggregate);
    const best = reached.at(-1);
    raw = { num: best ? units(best.amount) : 0n, den: 1n };
  }
  if (rule.cap !== null && raw.num > units(rule.cap) * raw.den) raw = { num: units(rule.cap), den: 1n };
  return roundRatioHalfAwayFromZero(raw.num, raw.den);
};

const bonusCase = currencyArb.chain((currency) =>
  fc.record({
    currency: fc.constant(currency),
    rule: bonusRuleArb(currency),
    target: fc.bigInt({ min: 1n, max: 1_000_000n }),
    aggregate: fc.bigInt({ min: 0n, max: 3_000_000n }),
  }),
);

describe('computeBonusTotal', () => {
  it('matches the BigInt reference for flat, tiered and percent_over, rounded once', () => {
    fc.assert(
      fc.property(bonusCase, ({ currency, rule, target, aggregate }) => {
        const digits = minorUnitDigits(currency);
        const total = computeBonusTotal(rule, new Decimal(target.toString()), new Decimal(aggregate.toString()), currency);
        expect(unitsOfDecimal(total, digits)).toBe(referenceTotal(rule as never, target, aggregate, digits));
      }),
      { numRuns: 500 },
    );
  });

  it('never exceeds bonusCap and is zero unless the target is hit', () => {
    fc.assert(
      fc.property(bonusCase, ({ currency, rule, target, aggregate }) => {
        const total = computeBonusTotal(rule, new Decimal(target.toString()), new Decimal(aggregate.toString()), currency);
        if (rule.cap !== null) expect(total.lte(rule.cap)).toBe(true);
        if (aggregate < target) expect(total.isZero()).toBe(true);
        expect(total.isNegative()).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('computeShares', () => {
  const sharesCase = bonusCase.chain((c) =>
    rosterArb.chain((roster) =>
      fc.record({
        currency: fc.constant(c.currency),
        rule: fc.constant(c.rule),
        target: fc.constant(c.target),
        roster: fc.constant(roster),
        leaderIndex: fc.option(fc.nat(), { nil: null }),
        contribs: fc.array(fc.bigInt({ min: 0n, max: 500_000n }), { minLength: roster.length, maxLength: roster.length }),
      }),
    ),
  );

  it('pays only members, never more than the total (the cap), and exactly the total when anyone can receive it', () => {
    fc.assert(
      fc.property(sharesCase, ({ currency, rule, target, roster, leaderIndex, contribs }) => {
        const byMember: MemberProgress[] = roster.map((id, i) => ({
          affiliateId: id,
          contribution: new Decimal(contribs[i]!.toString()),
          count: 1,
          amount: new Decimal(contribs[i]!.toString()),
        }));
        const aggregate = byMember.reduce((s, m) => s.plus(m.contribution), new Decimal(0));
        const leader = leaderIndex === null ? null : (roster[leaderIndex % roster.length] ?? null);
        const outcome = computeShares({ rule, target: new Decimal(target.toString()), aggregate, currency, byMember, leaderAffiliateId: leader });
        const digits = minorUnitDigits(currency);
        const paid = outcome.shares.reduce((s, x) => s + unitsOfDecimal(x.amount, digits), 0n);
        const totalUnits = unitsOfDecimal(outcome.total, digits);
        expect(outcome.hit).toBe(aggregate.gte(target.toString()));
        for (const share of outcome.shares) {
          expect(share.amount.gt(0)).toBe(true);
          expect(roster).toContain(share.affiliateId);
        }
        if (rule.cap !== null) expect(paid <= unitsOfDecimal(rule.cap, digits)).toBe(true);
        if (rule.scope === 'leader') {
          expect(paid).toBe(leader === null ? 0n : totalUnits);
          if (leader !== null && totalUnits > 0n) expect(outcome.shares.map((s) => s.affiliateId)).toEqual([leader]);
        } else {
          // Hit means aggregate ≥ target > 0, so some contribution is positive: the whole total is paid.
          expect(paid).toBe(totalUnits);
          if (rule.split === 'proportional') {
            for (const share of outcome.shares) expect(byMember.find((m) => m.affiliateId === share.affiliateId)!.contribution.gt(0)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
