import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { roundToMinorUnit } from '../money/money.js';
import type { BonusRule } from './goal.js';
import { isTargetHit, type MemberProgress } from './progress.js';

/**
 * The period's bonus in the team's currency, rounded once to the minor unit. Nothing (0) unless the
 * target is hit. `flat`: the value. `tiered`: the amount of the highest tier whose threshold the
 * aggregate reached (none reached: 0). `percent_over`: that percent of what exceeds the target.
 * `cap` bounds the result: the award never totals more than the cap.
 */
export const computeBonusTotal = (rule: BonusRule, target: Decimal, aggregate: Decimal, currency: CurrencyCode): Decimal => {
  if (!isTargetHit(aggregate, target)) return new Decimal(0);
  let raw: Decimal;
  if (rule.type === 'flat') raw = rule.value ?? new Decimal(0);
  else if (rule.type === 'percent_over') raw = aggregate.minus(target).times(rule.value ?? 0).dividedBy(100);
  else {
    let best: { threshold: Decimal; amount: Decimal } | null = null;
    for (const tier of rule.tiers ?? []) {
      if (aggregate.gte(tier.threshold) && (best === null || tier.threshold.gt(best.threshold))) best = tier;
    }
    raw = best?.amount ?? new Decimal(0);
  }
  if (rule.cap !== null && raw.gt(rule.cap)) raw = rule.cap;
  // The cap is exact in the minor unit (validated), so rounding after capping never exceeds it.
  return roundToMinorUnit(raw, currency);
};

export interface Weighted {
  readonly id: string;
  /** Not negative. */
  readonly weight: Decimal;
}

export interface Share {
  readonly id: string;
  readonly amount: Decimal;
}

/** A non-negative decimal as an integer count of 10^-scale (exact: `value` has at most `scale` decimals). */
const unitsAt = (value: Decimal, scale: number): bigint => BigInt(value.times(new Decimal(10).pow(scale)).toFixed(0));

/**
 * Splits `total` (exact in the currency's minor unit, not negative) by weight, exactly: the shares are
 * whole minor units that always add up to `total` (largest-remainder method). Each share is its exact
 * proportional value rounded down or up by less than one minor unit; the units left after rounding
 * down go to the largest remainders, ties to the lower id. A larger weight never gets a smaller share.
 * All weights zero (or no one to share with): every share 0. Integer arithmetic throughout (BigInt).
 */
export const splitExact = (total: Decimal, weights: readonly Weighted[], currency: CurrencyCode): Share[] => {
  const digits = minorUnitDigits(currency);
  const totalUnits = unitsAt(roundToMinorUnit(total, currency), digits);
  const scale = weights.reduce((max, w) => Math.max(max, w.weight.decimalPlaces()), 0);
  const scaled = weights.map((w) => ({ id: w.id, weight: unitsAt(w.weight, scale) }));
  const sum = scaled.reduce((s, w) => s + w.weight, 0n);
  const toDecimal = (units: bigint) => new Decimal(units.toString()).dividedBy(new Decimal(10).pow(digits));
  if (sum === 0n || totalUnits <= 0n) return weights.map((w) => ({ id: w.id, amount: toDecimal(0n) }));
  const parts = scaled.map((w, index) => ({
    index,
    id: w.id,
    floor: (totalUnits * w.weight) / sum,
    remainder: (totalUnits * w.weight) % sum,
  }));
  let left = totalUnits - parts.reduce((s, p) => s + p.floor, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : a.index - b.index,
  );
  const extra = new Set<number>();
  for (const part of order) {
    if (left === 0n) break;
    extra.add(part.index);
    left -= 1n;
  }
  return parts.map((p) => ({ id: p.id, amount: toDecimal(p.floor + (extra.has(p.index) ? 1n : 0n)) }));
};

export interface AwardShare {
  readonly affiliateId: string;
  readonly amount: Decimal;
  /** The member's contributing sales in the period (`contributing` on the award). */
  readonly contributing: { readonly count: number; readonly amount: Decimal };
}

export interface BonusOutcome {
  readonly hit: boolean;
  /** The period's bonus before splitting. */
  readonly total: Decimal;
  /** One entry per recipient with a share above zero; the amounts add up to `total` (less any share of a missing leader). */
  readonly shares: readonly AwardShare[];
}

export interface ShareInput {
  readonly rule: BonusRule;
  readonly target: Decimal;
  readonly aggregate: Decimal;
  readonly currency: CurrencyCode;
  /** The roster's progress (every member). */
  readonly byMember: readonly MemberProgress[];
  /** The team's leader when the period closed. */
  readonly leaderAffiliateId: string | null;
}

/**
 * Who receives what: `leader` scope pays the whole bonus to the leader (no leader: nobody, the bonus
 * is not awarded); `team` scope splits it among every member of the roster, `equal`ly or in
 * proportion to their contributions (a member who contributed nothing gets nothing). Zero shares are
 * left out.
 */
export const computeShares = (input: ShareInput): BonusOutcome => {
  const hit = isTargetHit(input.aggregate, input.target);
  const total = computeBonusTotal(input.rule, input.target, input.aggregate, input.currency);
  const contributing = new Map(input.byMember.map((m) => [m.affiliateId, { count: m.count, amount: m.amount }]));
  const none = { count: 0, amount: new Decimal(0) };
  if (total.lte(0)) return { hit, total, shares: [] };
  let split: Share[];
  if (input.rule.scope === 'leader') {
    split = input.leaderAffiliateId === null ? [] : [{ id: input.leaderAffiliateId, amount: total }];
  } else {
    const weights = input.byMember.map((m) => ({
      id: m.affiliateId,
      weight: input.rule.split === 'equal' ? new Decimal(1) : m.contribution,
    }));
    split = splitExact(total, weights, input.currency);
  }
  return {
    hit,
    total,
    shares: split
      .filter((s) => s.amount.gt(0))
      .map((s) => ({ affiliateId: s.id, amount: s.amount, contributing: contributing.get(s.id) ?? none })),
  };
};
