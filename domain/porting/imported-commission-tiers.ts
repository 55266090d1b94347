import { err, ok, type Result } from 'neverthrow';
import { tierProblems } from '../campaign/campaign.js';
import { COMMISSION_TYPES, type CommissionType, type VolumeTier, type VolumeTiers } from '../conversion/commission.js';
import { Decimal } from '../money/decimal.js';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';

const FIELD = 'commission_tiers';
const NUMBER = /^-?\d+(\.\d+)?$/;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const decimalOf = (value: unknown): Decimal | null => {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return NUMBER.test(text) ? new Decimal(text) : null;
};

/**
 * An imported campaign's `commission_tiers` cell, as the export writes it (`{ basis, tiers: [{ threshold,
 * type, value }] }`, decimals as text), read as the tiers the service pays, or null for none. Checked
 * like tiers set through the API, so a cell the service could not pay by is reported with its row
 * instead of stored for every later sale on the campaign to trip on.
 */
export const importedCommissionTiers = (cell: string | null): Result<VolumeTiers | null, DomainError> => {
  if (cell === null || cell.trim() === '') return ok(null);
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch {
    return err(validationError(FIELD, 'is not JSON'));
  }
  if (parsed === null) return ok(null);
  if (!isObject(parsed)) return err(validationError(FIELD, 'is not an object with basis and tiers'));
  if (parsed.basis !== 'conversions' && parsed.basis !== 'revenue') return err(validationError(`${FIELD}.basis`, `is not conversions, revenue (${String(parsed.basis)})`));
  if (!Array.isArray(parsed.tiers)) return err(validationError(`${FIELD}.tiers`, 'is not a list'));
  const tiers: VolumeTier[] = [];
  for (const [i, item] of parsed.tiers.entries()) {
    const field = `${FIELD}.tiers.${i}`;
    if (!isObject(item)) return err(validationError(field, 'is not an object with threshold, type and value'));
    const threshold = decimalOf(item.threshold);
    if (threshold === null) return err(validationError(`${field}.threshold`, 'is not a number'));
    if (!COMMISSION_TYPES.includes(item.type as CommissionType)) return err(validationError(`${field}.type`, `is not ${COMMISSION_TYPES.join(', ')}`));
    const value = decimalOf(item.value);
    if (value === null) return err(validationError(`${field}.value`, 'is not a number'));
    tiers.push({ threshold, type: item.type as CommissionType, value });
  }
  const tiered: VolumeTiers = { basis: parsed.basis, tiers };
  const problems = tierProblems(tiered).map((p) => ({ field: p.field.replace(/^commissionTiers/, FIELD).replace(/\.commissionValue$/, '.value'), message: p.message }));
  return problems.length === 0 ? ok(tiered) : err(domainError('validation_error', problems[0]!.message, problems));
};
