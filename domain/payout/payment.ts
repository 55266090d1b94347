import { err, ok, type Result } from 'neverthrow';
import type { PayoutMethod } from '../conversion/conversion.js';
import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { formatAmount, roundToMinorUnit } from '../money/money.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import type { PayoutOutcome } from './payout.js';

/**
 * What one transfer to one affiliate, in one method and currency, carries: the sum of its due rows
 * (`gross`: commissions and team bonus awards alike), the part of it that is bonus awards (`bonus`),
 * the clawbacks netted against it, and what is sent. Rows and awards are rounded to the minor unit
 * when they are made (the one rounding rule), so their sum is exact and nothing is rounded here.
 */
export interface PaymentAmounts {
  readonly gross: Decimal;
  readonly bonus: Decimal;
  readonly clawback: Decimal;
  readonly amount: Decimal;
}

const sum = (amounts: readonly Decimal[]): Decimal => amounts.reduce((total, amount) => total.plus(amount), new Decimal(0));

/**
 * Nets what the affiliate owes (clawbacks of refunded, already paid sales) against its due
 * commissions and bonus awards together: never below zero; what is not netted now stays owed for the
 * next payment. `amount + clawback = gross = Σ commissions + Σ awards`.
 */
export const netPayment = (rowAmounts: readonly Decimal[], owed: Decimal, awardAmounts: readonly Decimal[] = []): PaymentAmounts => {
  const bonus = sum(awardAmounts);
  const gross = sum(rowAmounts).plus(bonus);
  const outstanding = Decimal.max(owed, 0);
  const clawback = Decimal.min(gross, outstanding);
  return { gross, bonus, clawback, amount: gross.minus(clawback) };
};

/** Why due rows were not sent this time (shown as the rows' `failureReason`). */
export type PaymentHold = 'below_minimum_payout' | 'payout_provider_not_configured';

/** Send, or let the rows wait and accumulate: nothing to send, or less than the merchant's minimum. */
export const paymentDecision = (
  amounts: PaymentAmounts,
  minimum: Decimal | null,
): { readonly send: true } | { readonly send: false; readonly reason: PaymentHold } => {
  if (!amounts.amount.gt(0)) return { send: false, reason: 'below_minimum_payout' };
  if (minimum !== null && amounts.amount.lt(minimum)) return { send: false, reason: 'below_minimum_payout' };
  return { send: true };
};

const DAY = 86_400_000;

/**
 * The merchant's payout day (1 to 28 of each month, UTC) on or after `now`; `now` itself on that day
 * or when the merchant has none (due rows go at once).
 */
export const nextPayoutDate = (now: Date, payoutDay: number | null): Date => {
  if (payoutDay === null) return now;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (now.getUTCDate() === payoutDay) return now;
  const thisMonth = new Date(Date.UTC(y, m, payoutDay));
  return thisMonth.getTime() > now.getTime() ? thisMonth : new Date(Date.UTC(y, m + 1, payoutDay));
};

/** When rows held back (below the minimum, no provider) are looked at again. */
export const nextPaymentCheck = (now: Date, payoutDay: number | null): Date =>
  payoutDay === null ? new Date(now.getTime() + DAY) : nextPayoutDate(new Date(now.getTime() + DAY), payoutDay);

/**
 * An amount in the currency's minor unit, as card processors take it (USD 12.34 → 1234, JPY 1234 →
 * 1234, KWD 1.234 → 1234). Refuses an amount finer than the minor unit instead of rounding it again.
 */
export const toMinorUnits = (amount: Decimal, currency: CurrencyCode): Result<number, DomainError> => {
  if (!roundToMinorUnit(amount, currency).eq(amount)) {
    return err(validationError('amount', `${amount.toFixed()} ${currency} is finer than the currency's minor unit`));
  }
  const minor = amount.times(new Decimal(10).pow(minorUnitDigits(currency)));
  if (!minor.isInteger() || minor.gt(Number.MAX_SAFE_INTEGER)) return err(validationError('amount', 'is out of range'));
  return ok(minor.toNumber());
};

/** An amount as the decimal string wallets and bank-transfer services take (`"12.50"`, `"1000"`, `"1.234"`). */
export const toDecimalString = (amount: Decimal, currency: CurrencyCode): string => formatAmount(amount, currency);

/** The methods whose providers pay a payout email (the card processor pays a connected account). */
export const paysByEmail = (method: PayoutMethod): boolean => method !== 'connect';

/**
 * One transfer request and what became of it: all of one affiliate's due rows of one method and
 * currency, in one attempt. Its id is the request's idempotency key, so a repeat after a crash is the
 * same transfer at the provider.
 */
export interface PayoutPayment extends PaymentAmounts {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly affiliateId: string;
  readonly method: PayoutMethod;
  readonly currency: CurrencyCode;
  /** The payout email, or the connected account, the transfer went to. */
  readonly destination: string | null;
  readonly status: 'processing' | 'completed' | 'failed';
  readonly providerReference: string | null;
  readonly cardPaymentId: string | null;
  readonly failureReason: string | null;
  readonly retryable: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The payment after its provider's answer. */
export const settlePayment = (payment: PayoutPayment, outcome: PayoutOutcome, now: Date): PayoutPayment => {
  switch (outcome.kind) {
    case 'completed':
      return { ...payment, status: 'completed', providerReference: outcome.reference, cardPaymentId: outcome.cardPaymentId, failureReason: null, updatedAt: now };
    case 'in_transit':
      return { ...payment, status: 'processing', providerReference: outcome.reference, updatedAt: now };
    case 'insufficient_funds':
      return { ...payment, status: 'failed', failureReason: 'insufficient_funds', retryable: true, updatedAt: now };
    case 'failed':
      return { ...payment, status: 'failed', failureReason: outcome.reason, retryable: outcome.retryable, updatedAt: now };
  }
};

/** What a payment that already has its answer says to rows of it that were not settled with it. */
export const outcomeOfPayment = (payment: PayoutPayment): PayoutOutcome | null => {
  if (payment.status === 'completed' && payment.providerReference !== null) {
    return { kind: 'completed', reference: payment.providerReference, cardPaymentId: payment.cardPaymentId };
  }
  if (payment.status === 'failed') {
    return payment.failureReason === 'insufficient_funds'
      ? { kind: 'insufficient_funds' }
      : { kind: 'failed', reason: payment.failureReason ?? 'failed', retryable: payment.retryable };
  }
  return null;
};
