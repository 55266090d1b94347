import { COMMISSION_TYPES, type CommissionRate, type CommissionType } from '../conversion/commission.js';
import { COMMISSION_VALUE_MAX_DECIMALS, FIXED_COMMISSION_MAX, PERCENTAGE_MAX } from '../campaign/campaign.js';
import type { Decimal } from '../money/decimal.js';
import type { FieldProblem } from '../shared/domain-error.js';

/**
 * Team base, per-campaign and override rates share the spec's bounds: percent at most 100, fixed at
 * most 100000 (same ceilings as campaign rates), never negative, at most 4 decimals.
 */
export const rateProblems = (type: CommissionType, value: Decimal, field: string): FieldProblem[] => {
  if (!(COMMISSION_TYPES as readonly string[]).includes(type)) {
    return [{ field: field.replace(/Value$/, 'Type'), message: `must be one of ${COMMISSION_TYPES.join(', ')}` }];
  }
  const max = type === 'percentage' ? PERCENTAGE_MAX : FIXED_COMMISSION_MAX;
  if (!value.isFinite() || value.isNegative()) return [{ field, message: 'must be at least 0' }];
  if (value.gt(max)) return [{ field, message: `must be at most ${max.toFixed()} for a ${type} rate` }];
  if (value.decimalPlaces() > COMMISSION_VALUE_MAX_DECIMALS) {
    return [{ field, message: `must have at most ${COMMISSION_VALUE_MAX_DECIMALS} decimal places` }];
  }
  return [];
};

export interface RateInput {
  readonly type?: CommissionType | null | undefined;
  readonly value?: Decimal | null | undefined;
}

/**
 * An optional rate given as a (type, value) pair: both or neither. A value needs its type (spec:
 * "required if baseCommissionValue set"); a type alone sets nothing and is refused as well, so a
 * half-filled form never silently drops the rate. `prefix` names the fields (`baseCommission`).
 */
export const parseOptionalRate = (
  input: RateInput,
  prefix: string,
): { rate: CommissionRate | null; problems: FieldProblem[] } => {
  const type = input.type ?? null;
  const value = input.value ?? null;
  if (type === null && value === null) return { rate: null, problems: [] };
  if (type === null) return { rate: null, problems: [{ field: `${prefix}Type`, message: `is required when ${prefix}Value is set` }] };
  if (value === null) return { rate: null, problems: [{ field: `${prefix}Value`, message: `is required when ${prefix}Type is set` }] };
  const problems = rateProblems(type, value, `${prefix}Value`);
  return problems.length > 0 ? { rate: null, problems } : { rate: { type, value }, problems: [] };
};
