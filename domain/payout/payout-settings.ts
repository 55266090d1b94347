import { err, ok, type Result } from 'neverthrow';
import { parseCurrency, type CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { parseAmount, roundToMinorUnit } from '../money/money.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';

/** How a merchant pays out, per mode: a minimum per currency (smaller sums wait) and a day of the month. */
export interface PayoutSettings {
  /** Day of the month (1 to 28, UTC) on which due rows are paid; null pays them as soon as they are due. */
  readonly payoutDay: number | null;
  /** Per currency: the smallest sum sent to one affiliate; rows below it wait and accumulate. */
  readonly minimumPayout: ReadonlyMap<CurrencyCode, Decimal>;
  readonly updatedAt: Date | null;
}

export const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = { payoutDay: null, minimumPayout: new Map(), updatedAt: null };
export const MAX_MINIMUM_PAYOUT = 1_000_000;

export interface PayoutSettingsPatch {
  readonly payoutDay?: unknown;
  /** Currency → amount; null removes that currency's minimum. */
  readonly minimumPayout?: Readonly<Record<string, unknown>>;
}

/** Applies a change; every problem is reported at once, and nothing changes when any is found. */
export const changePayoutSettings = (current: PayoutSettings, patch: PayoutSettingsPatch, now: Date): Result<PayoutSettings, DomainError> => {
  const problems: FieldProblem[] = [];
  let payoutDay = current.payoutDay;
  if (patch.payoutDay !== undefined) {
    if (patch.payoutDay === null) payoutDay = null;
    else if (typeof patch.payoutDay === 'number' && Number.isInteger(patch.payoutDay) && patch.payoutDay >= 1 && patch.payoutDay <= 28) payoutDay = patch.payoutDay;
    else problems.push({ field: 'payoutDay', message: 'must be an integer from 1 to 28, or null' });
  }
  const minimumPayout = new Map(current.minimumPayout);
  for (const [code, value] of Object.entries(patch.minimumPayout ?? {})) {
    const field = `minimumPayout.${code}`;
    const currency = parseCurrency(code, field);
    if (currency.isErr()) {
      problems.push(...(currency.error.details ?? []));
      continue;
    }
    if (value === null) {
      minimumPayout.delete(currency.value);
      continue;
    }
    const amount = parseAmount(value, { field, min: 0, max: MAX_MINIMUM_PAYOUT });
    if (amount.isErr()) problems.push(...(amount.error.details ?? []));
    else if (!roundToMinorUnit(amount.value, currency.value).eq(amount.value)) problems.push({ field, message: "is finer than the currency's minor unit" });
    else minimumPayout.set(currency.value, amount.value);
  }
  if (problems.length > 0) return err(domainError('validation_error', `Invalid payout settings: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems));
  return ok({ payoutDay, minimumPayout, updatedAt: now });
};
