import { err, ok, type Result } from 'neverthrow';
import { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { BONUS_TIERS_MAX, BONUS_VALUE_MAX, type BonusTier } from '../team/goal.js';
import { sortTiers } from '../team/goal.ops.js';

const FIELD = 'bonus_tiers';
const NUMBER = /^\d+(\.\d+)?$/;

const decimalOf = (value: unknown): Decimal | null => {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return NUMBER.test(text) ? new Decimal(text) : null;
};

/**
 * An imported team goal's `bonus_tiers` cell, as the export writes it (`[{ threshold, amount }]`,
 * decimals as text), read as the tiers its awards are paid by (lowest threshold first, as a goal keeps
 * them), or null for none. A tiered bonus needs
 * 1 to 10 tiers with positive amounts and distinct thresholds, as a goal set through the API does; any
 * other bonus has none. A cell the goal could not pay by is reported with its row instead of stored
 * for every later period to trip on.
 */
export const importedBonusTiers = (cell: string | null, bonusType: string): Result<readonly BonusTier[] | null, DomainError> => {
  const empty = cell === null || cell.trim() === '' || cell.trim() === 'null';
  if (bonusType !== 'tiered') return empty ? ok(null) : err(validationError(FIELD, 'is only allowed for a tiered bonus'));
  if (empty) return err(validationError(FIELD, `is required for a tiered bonus (1 to ${BONUS_TIERS_MAX} tiers)`));
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch {
    return err(validationError(FIELD, 'is not JSON'));
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > BONUS_TIERS_MAX) {
    return err(validationError(FIELD, `is not a list of 1 to ${BONUS_TIERS_MAX} tiers`));
  }
  const tiers: BonusTier[] = [];
  const seen = new Set<string>();
  for (const [i, item] of parsed.entries()) {
    const field = `${FIELD}.${i}`;
    const entry = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const threshold = decimalOf(entry.threshold);
    if (threshold === null) return err(validationError(`${field}.threshold`, 'is not a number at least 0'));
    const amount = decimalOf(entry.amount);
    if (amount === null || amount.isZero() || amount.gt(BONUS_VALUE_MAX)) {
      return err(validationError(`${field}.amount`, `is not a positive number at most ${BONUS_VALUE_MAX.toFixed()}`));
    }
    if (seen.has(threshold.toFixed())) return err(validationError(`${field}.threshold`, 'must differ from the other thresholds'));
    seen.add(threshold.toFixed());
    tiers.push({ threshold, amount });
  }
  return ok(sortTiers(tiers));
};

/** The tiers as the goal's column keeps them (decimals as text). */
export const storedBonusTiers = (tiers: readonly BonusTier[] | null): string | null =>
  tiers === null ? null : JSON.stringify(tiers.map((t) => ({ threshold: t.threshold.toFixed(), amount: t.amount.toFixed() })));
