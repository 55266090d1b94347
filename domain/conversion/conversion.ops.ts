import { err, ok, type Result } from 'neverthrow';
import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { roundToMinorUnit } from '../money/money.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import { checkCommissionAboveSale } from './commission-above-sale.guard.js';
import { calculateCommission, type AppliedCommission, type CommissionRates, type MonthToDate } from './commission.js';
import { remainingSale, type Conversion, type ConversionSource, type ConversionType, type PayoutMethod } from './conversion.js';
import { invalidTransition } from './conversion.errors.js';
import { conversionEvent, type ConversionEvent } from './conversion.events.js';
import { isRefundable } from './conversion-moves.js';

/** What every transition returns. The application saves `conversion` and hands `events` to the outbox. */
export interface ConversionChange {
  readonly conversion: Conversion;
  readonly events: readonly ConversionEvent[];
  /** False for an idempotent repeat: nothing to save, no events. */
  readonly changed: boolean;
  /** True when the conversion left `approved` (rejected, held, refunded): cancel its queued payout. */
  readonly cancelsQueuedPayout: boolean;
}

export interface CreatedConversion {
  readonly conversion: Conversion;
  readonly events: readonly ConversionEvent[];
  /** Which rate produced the commission, for explanations and audit. */
  readonly appliedCommission: AppliedCommission;
}

export interface CreateConversionInput {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  /** The sale; the net figure when `taxAmount` is given. */
  readonly amount: Decimal;
  readonly taxAmount?: Decimal | null;
  readonly currency: CurrencyCode;
  readonly rates: CommissionRates;
  readonly monthToDate?: MonthToDate;
  readonly source: ConversionSource;
  /** Default `one_time`; `recurring` for a renewal (with `parentConversionId`). */
  readonly conversionType?: ConversionType;
  readonly orderId?: string | null;
  readonly clickId?: string | null;
  readonly customerEmail?: string | null;
  readonly customerName?: string | null;
  readonly parentConversionId?: string | null;
  readonly now: Date;
}

/** Money fields must be finite, not negative, and exact in the currency's minor unit (no silent rounding). */
const checkSaleFigure = (value: Decimal, currency: CurrencyCode, field: string): Result<Decimal, DomainError> => {
  if (!value.isFinite()) return err(validationError(field, 'must be a finite number'));
  if (value.isNegative() && !value.isZero()) return err(validationError(field, 'must be at least 0'));
  const digits = minorUnitDigits(currency);
  if (value.decimalPlaces() > digits) {
    return err(validationError(field, `must have at most ${digits} decimal places in ${currency.toUpperCase()}`));
  }
  return ok(value);
};

/** A new sale: `pending`, commission computed from the rates, `conversion.created` emitted. */
export const createConversion = (input: CreateConversionInput): Result<CreatedConversion, DomainError> => {
  const amount = checkSaleFigure(input.amount, input.currency, 'amount');
  if (amount.isErr()) return err(amount.error);
  const taxAmount = input.taxAmount ?? null;
  if (taxAmount !== null) {
    const checked = checkSaleFigure(taxAmount, input.currency, 'taxAmount');
    if (checked.isErr()) return err(checked.error);
  }
  const applied = calculateCommission({
    recurring: input.conversionType === 'recurring',
    amount: input.amount,
    currency: input.currency,
    rates: input.rates,
    ...(input.monthToDate ? { monthToDate: input.monthToDate } : {}),
  });
  const conversion: Conversion = {
    id: input.id,
    merchantId: input.merchantId,
    mode: input.mode,
    campaignId: input.campaignId,
    affiliateId: input.affiliateId,
    amount: new Decimal(input.amount),
    taxAmount: taxAmount === null ? null : new Decimal(taxAmount),
    commission: applied.commission,
    originalCommission: applied.commission,
    currency: input.currency,
    status: 'pending',
    conversionType: input.conversionType ?? 'one_time',
    source: input.source,
    orderId: input.orderId ?? null,
    clickId: input.clickId ?? null,
    customerEmail: input.customerEmail ?? null,
    customerName: input.customerName ?? null,
    parentConversionId: input.parentConversionId ?? null,
    refundedAmount: null,
    payoutMethod: null,
    payoutDate: null,
    cardTransferId: null,
    approvedAt: null,
    heldFrom: null,
    commissionTerms: { rule: applied.rule, type: applied.rate.type, value: new Decimal(applied.rate.value) },
    createdAt: input.now,
    updatedAt: input.now,
  };
  return ok({ conversion, events: [conversionEvent('conversion.created', conversion)], appliedCommission: applied });
};

export const unchanged = (conversion: Conversion): ConversionChange => ({
  conversion,
  events: [],
  changed: false,
  cancelsQueuedPayout: false,
});

export interface ChangeStatusInput {
  readonly to: 'approved' | 'rejected';
  /** The merchant confirmed a commission above 5x its sale (or on a zero sale). */
  readonly confirmAboveSale?: boolean;
  readonly now: Date;
}

/**
 * The merchant's `PATCH /conversions/:id`. Moves: pending → approved (5x guard), pending → rejected,
 * approved → rejected (cancels the queued payout). Repeating the current status (approved → approved,
 * rejected → rejected) is an idempotent no-op with no events, so a retried request succeeds without
 * re-running the guard or re-emitting webhooks. paid, refunded and held never move here; rejected
 * moves nowhere else: `invalid_transition`.
 */
export const changeConversionStatus = (
  conversion: Conversion,
  input: ChangeStatusInput,
): Result<ConversionChange, DomainError> => {
  const action = input.to === 'approved' ? 'approve' : 'reject';
  if (conversion.status === input.to) return ok(unchanged(conversion));
  if (conversion.status !== 'pending' && conversion.status !== 'approved') {
    return err(invalidTransition(conversion.status, action));
  }
  if (input.to === 'approved') {
    // Only pending reaches here: approved → approved returned above.
    const guard = checkCommissionAboveSale(conversion, input.confirmAboveSale === true);
    if (guard.isErr()) return err(guard.error);
    const next: Conversion = { ...conversion, status: 'approved', approvedAt: input.now, updatedAt: input.now };
    return ok({
      conversion: next,
      events: [conversionEvent('conversion.approved', next), conversionEvent('conversion.updated', next)],
      changed: true,
      cancelsQueuedPayout: false,
    });
  }
  const next: Conversion = { ...conversion, status: 'rejected', approvedAt: null, updatedAt: input.now };
  return ok({
    conversion: next,
    events: [conversionEvent('conversion.rejected', next), conversionEvent('conversion.updated', next)],
    changed: true,
    cancelsQueuedPayout: conversion.status === 'approved',
  });
};

export interface MarkPaidInput {
  readonly payoutMethod: PayoutMethod;
  readonly payoutDate: Date;
  /** The connected-account transfer id: required for `connect`, null for the email-based methods. */
  readonly cardTransferId: string | null;
  readonly now: Date;
}

/** A completed payout: approved → paid, emits `conversion.paid`. Paying twice is `invalid_transition`. */
export const markConversionPaid = (conversion: Conversion, input: MarkPaidInput): Result<ConversionChange, DomainError> => {
  if (conversion.status !== 'approved') return err(invalidTransition(conversion.status, 'mark_paid'));
  if (input.payoutMethod === 'connect' && !input.cardTransferId) {
    return err(validationError('cardTransferId', 'is required for connect payouts'));
  }
  if (input.payoutMethod !== 'connect' && input.cardTransferId !== null) {
    return err(validationError('cardTransferId', 'is only set for connect payouts'));
  }
  const next: Conversion = {
    ...conversion,
    status: 'paid',
    payoutMethod: input.payoutMethod,
    payoutDate: input.payoutDate,
    cardTransferId: input.cardTransferId,
    updatedAt: input.now,
  };
  return ok({
    conversion: next,
    events: [conversionEvent('conversion.paid', next), conversionEvent('conversion.updated', next)],
    changed: true,
    cancelsQueuedPayout: false,
  });
};

export interface RefundInput {
  /** How much of the sale is refunded now, in the terms of `amount` (net when tax is set). Default: all that remains. */
  readonly amount?: Decimal;
  readonly now: Date;
}

/**
 * The commission on what remains of the sale: the original commission scaled by remaining / amount,
 * rounded once. Fixed commissions scale the same way. Computed from the original figure, so two
 * refunds of 30 and one of 60 give the same commission.
 */
export const commissionAfterRefund = (
  conversion: Pick<Conversion, 'amount' | 'originalCommission' | 'currency'>,
  refundedTotal: Decimal,
): Decimal => {
  const remaining = conversion.amount.minus(refundedTotal);
  if (remaining.lte(0)) return roundToMinorUnit(0, conversion.currency);
  return roundToMinorUnit(
    conversion.originalCommission.times(remaining).dividedBy(conversion.amount),
    conversion.currency,
  );
};

/**
 * A customer refund, from pending, approved or held. Refunding all that remains moves the conversion
 * to `refunded` (commission 0); a partial refund adds to `refundedAmount`, recomputes the commission
 * and keeps the status. Both emit `conversion.updated` (a partial refund changes the commission a
 * receiver knows). A paid conversion is not refunded here: its commission is clawed back from the
 * affiliate's next payout instead (`clawbackForRefund`).
 */
export const refundConversion = (conversion: Conversion, input: RefundInput): Result<ConversionChange, DomainError> => {
  const { status } = conversion;
  if (!isRefundable(status)) return err(invalidTransition(status, 'refund'));
  const remaining = remainingSale(conversion);
  const amount = input.amount ?? remaining;
  const checked = checkSaleFigure(amount, conversion.currency, 'amount');
  if (checked.isErr()) return err(checked.error);
  if (input.amount !== undefined && amount.lte(0)) return err(validationError('amount', 'must be greater than 0'));
  if (amount.gt(remaining)) {
    return err(validationError('amount', `must not exceed the unrefunded sale of ${remaining.toFixed()}`));
  }
  const refundedAmount = (conversion.refundedAmount ?? new Decimal(0)).plus(amount);
  const whole = refundedAmount.gte(conversion.amount);
  const next: Conversion = {
    ...conversion,
    status: whole ? 'refunded' : status,
    approvedAt: whole ? null : conversion.approvedAt,
    heldFrom: whole ? null : conversion.heldFrom,
    refundedAmount,
    commission: commissionAfterRefund(conversion, refundedAmount),
    updatedAt: input.now,
  };
  return ok({
    conversion: next,
    events: [conversionEvent('conversion.updated', next)],
    changed: true,
    cancelsQueuedPayout: whole && status === 'approved',
  });
};

/**
 * A hold (the operator's, or the merchant's `PATCH status: held`): pending or approved → held,
 * remembering which, so a release returns there. Holding a held conversion is an idempotent no-op.
 */
export const holdConversion = (conversion: Conversion, now: Date): Result<ConversionChange, DomainError> => {
  if (conversion.status === 'held') return ok(unchanged(conversion));
  if (conversion.status !== 'pending' && conversion.status !== 'approved') {
    return err(invalidTransition(conversion.status, 'hold'));
  }
  const next: Conversion = { ...conversion, status: 'held', heldFrom: conversion.status, approvedAt: null, updatedAt: now };
  return ok({
    conversion: next,
    events: [conversionEvent('conversion.updated', next)],
    changed: true,
    cancelsQueuedPayout: conversion.status === 'approved',
  });
};
