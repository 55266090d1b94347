import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { minorUnitDigits, type CurrencyCode } from './currency.js';
import { Decimal, type DecimalValue } from './decimal.js';

/** An amount in one currency. Immutable; arithmetic happens on `Decimal`, never on JS numbers. */
export interface Money {
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
}

export const money = (amount: DecimalValue, currency: CurrencyCode): Money => ({
  amount: new Decimal(amount),
  currency,
});

/**
 * The project's single rounding rule: to the currency's minor unit, half away from zero.
 * Computations keep full precision and call this once, on the figure that is stored.
 */
export const roundToMinorUnit = (amount: DecimalValue, currency: CurrencyCode): Decimal =>
  new Decimal(amount).toDecimalPlaces(minorUnitDigits(currency), Decimal.ROUND_HALF_UP);

/** The canonical string of an amount: fixed to the currency's minor digits (`"12.50"`, `"1000"` for JPY). */
export const formatAmount = (amount: DecimalValue, currency: CurrencyCode): string =>
  roundToMinorUnit(amount, currency).toFixed(minorUnitDigits(currency));

export interface AmountRules {
  readonly field: string;
  readonly min?: DecimalValue;
  readonly minExclusive?: boolean;
  readonly max?: DecimalValue;
}

/**
 * Reads an amount that arrived as a JSON number or a numeric string. A JSON number is read from its
 * shortest decimal representation (`String(49.99)` is `"49.99"`), so no binary float error enters.
 */
export const parseAmount = (input: unknown, rules: AmountRules): Result<Decimal, DomainError> => {
  const { field } = rules;
  let value: Decimal;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return err(validationError(field, 'must be a finite number'));
    value = new Decimal(String(input));
  } else if (typeof input === 'string' && /^-?\d+(\.\d+)?$/.test(input.trim())) {
    value = new Decimal(input.trim());
  } else {
    return err(validationError(field, 'must be a number'));
  }
  if (rules.min !== undefined) {
    const tooSmall = rules.minExclusive ? value.lte(rules.min) : value.lt(rules.min);
    if (tooSmall) {
      return err(validationError(field, `must be ${rules.minExclusive ? 'greater than' : 'at least'} ${rules.min}`));
    }
  }
  if (rules.max !== undefined && value.gt(rules.max)) {
    return err(validationError(field, `must be at most ${rules.max}`));
  }
  return ok(value);
};

export interface CurrencyTotal {
  readonly currency: CurrencyCode;
  readonly amount: Decimal;
}

/** Per-currency sums: never converts, one entry per currency, ordered by currency code. */
export const sumByCurrency = (items: Iterable<Money>): CurrencyTotal[] => {
  const totals = new Map<CurrencyCode, Decimal>();
  for (const item of items) {
    totals.set(item.currency, (totals.get(item.currency) ?? new Decimal(0)).plus(item.amount));
  }
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, amount]) => ({ currency, amount }));
};

/** A single-number total: the recorded amounts of all currencies added as they are (spec rule 5). */
export const sumAsRecorded = (items: Iterable<Money>): Decimal => {
  let total = new Decimal(0);
  for (const item of items) total = total.plus(item.amount);
  return total;
};
