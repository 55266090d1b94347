import { err, ok, type Result } from 'neverthrow';
import type { Conversion, PayoutMethod } from '../conversion/conversion.js';
import type { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { payoutInProgress, payoutInvalidTransition } from './payout.errors.js';
import { DUE_PAYOUT_STATUSES, RELEASABLE_PAYOUT_STATUSES } from './payout-eligibility.js';
import { payoutEvent, type PayoutEvent } from './payout.events.js';
import {
  ATTEMPT_LEASE_MS,
  DEFAULT_PAYOUT_POLICY,
  IN_TRANSIT_RECHECK_MS,
  isOpenPayout,
  MAX_PAYOUT_HOLDING_DAYS,
  retryDelayMs,
  type Payout,
  type PayoutOutcome,
  type PayoutPolicy,
} from './payout.js';

const DAY = 86_400_000;

/** What every step returns: the caller saves `payout` (or deletes it, for a cancellation) and records `events`. */
export interface PayoutChange {
  readonly payout: Payout;
  readonly events: readonly PayoutEvent[];
}

const moved = (payout: Payout, events: readonly PayoutEvent[] = []): Result<PayoutChange, DomainError> => ok({ payout, events });
const later = (now: Date, ms: number): Date => new Date(now.getTime() + ms);

export interface QueuePayoutInput {
  readonly id: string;
  readonly conversion: Conversion;
  /** The merchant's holding period: days from approval to the first attempt. */
  readonly holdingDays: number;
  readonly now: Date;
}

/**
 * An approved conversion's row: `pending` until the holding period ends (`scheduledDate`). A zero
 * commission pays nothing, so it is refused (`validation_error`) and never queued.
 */
export const queuePayout = (input: QueuePayoutInput): Result<Payout, DomainError> => {
  const { conversion, now } = input;
  if (conversion.status !== 'approved') {
    return err(validationError('conversionId', `only approved conversions are paid out (this one is ${conversion.status})`));
  }
  if (!conversion.commission.gt(0)) return err(validationError('amount', 'a payout must be greater than 0'));
  if (!Number.isInteger(input.holdingDays) || input.holdingDays < 0 || input.holdingDays > MAX_PAYOUT_HOLDING_DAYS) {
    return err(validationError('payoutHoldingDays', `must be an integer from 0 to ${MAX_PAYOUT_HOLDING_DAYS}`));
  }
  return ok({
    id: input.id,
    merchantId: conversion.merchantId,
    mode: conversion.mode,
    conversionId: conversion.id,
    campaignId: conversion.campaignId,
    affiliateId: conversion.affiliateId,
    amount: conversion.commission,
    currency: conversion.currency,
    status: 'pending',
    scheduledDate: later(now, input.holdingDays * DAY),
    attempts: 0,
    failedAttempts: 0,
    lastAttemptAt: null,
    completedAt: null,
    payoutMethod: null,
    providerReference: null,
    cardPaymentId: null,
    paymentId: null,
    nextCheckAt: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  });
};

/** Money with the provider or paid cannot follow its conversion any more. */
const refuseUnlessOpen = (payout: Payout, action: 'resize' | 'cancel'): DomainError | null => {
  if (payout.status === 'processing') return payoutInProgress();
  if (!isOpenPayout(payout.status)) return payoutInvalidTransition(payout.status, action);
  return null;
};

/**
 * A partial refund of the approved sale: the open row follows the new commission. Resizing to zero
 * is a cancellation (`cancelPayout`), not a resize.
 */
export const resizePayout = (payout: Payout, amount: Decimal, now: Date): Result<PayoutChange, DomainError> => {
  const refused = refuseUnlessOpen(payout, 'resize');
  if (refused) return err(refused);
  if (!amount.gt(0)) return err(validationError('amount', 'a payout must be greater than 0; cancel it instead'));
  if (amount.eq(payout.amount)) return moved(payout);
  return moved({ ...payout, amount, updatedAt: now });
};

/**
 * The conversion left `approved` (rejected, held, refunded): an open row goes away (the caller deletes
 * it; the spec has no cancelled state). A row whose money is in flight refuses (`payout_in_progress`).
 */
export const cancelPayout = (payout: Payout): Result<Payout, DomainError> => {
  const refused = refuseUnlessOpen(payout, 'cancel');
  return refused ? err(refused) : ok(payout);
};

/** The holding period is over: `pending` → `scheduled`, due at once or on the merchant's next payout day (`payableFrom`). */
export const releasePayout = (payout: Payout, now: Date, payableFrom: Date = now): Result<PayoutChange, DomainError> => {
  if (!RELEASABLE_PAYOUT_STATUSES.includes(payout.status)) return err(payoutInvalidTransition(payout.status, 'release'));
  if (payout.scheduledDate.getTime() > now.getTime()) {
    return err(payoutInvalidTransition(payout.status, 'release', 'the holding period has not ended'));
  }
  // With a payout day, the row is due on that day; otherwise at once (its date stays the holding end).
  const scheduledDate = payableFrom.getTime() > now.getTime() ? payableFrom : payout.scheduledDate;
  return moved({ ...payout, status: 'scheduled', scheduledDate, updatedAt: now });
};

export interface StartAttemptInput {
  readonly method: PayoutMethod;
  readonly now: Date;
  /** Default `ATTEMPT_LEASE_MS`. */
  readonly leaseMs?: number;
  /** The payment that carries this attempt together with the affiliate's other due rows. */
  readonly paymentId?: string | null;
}

/**
 * A due `scheduled` (or `awaiting_funds`) row goes to its provider: `processing`, one more attempt,
 * its method recorded. The attempt's idempotency key (`attemptKey`) comes from the new attempt count;
 * saved before the provider is called, it lets a run that died before the answer was saved repeat the
 * same request (same method, same key) once `nextCheckAt` (the lease) has passed: never a second payment.
 */
export const startAttempt = (payout: Payout, input: StartAttemptInput): Result<Payout, DomainError> => {
  if (!DUE_PAYOUT_STATUSES.includes(payout.status)) {
    return err(payoutInvalidTransition(payout.status, 'attempt'));
  }
  if (payout.scheduledDate.getTime() > input.now.getTime()) {
    return err(payoutInvalidTransition(payout.status, 'attempt', 'it is not due yet'));
  }
  return ok({
    ...payout,
    status: 'processing',
    attempts: payout.attempts + 1,
    lastAttemptAt: input.now,
    payoutMethod: input.method,
    providerReference: null,
    cardPaymentId: null,
    paymentId: input.paymentId ?? null,
    nextCheckAt: later(input.now, input.leaseMs ?? ATTEMPT_LEASE_MS),
    updatedAt: input.now,
  });
};

/**
 * A `processing` row is about to be asked about again (the status of its transfer in flight, or its
 * unanswered request repeated with the same key): its next look moves a lease ahead, committed
 * before the provider is called, so no other process asks at the same time and a process that dies
 * mid-call leaves the row to be asked again once the lease has passed. Nothing else changes.
 */
export const leaseAttempt = (payout: Payout, now: Date, leaseMs: number = ATTEMPT_LEASE_MS): Result<Payout, DomainError> => {
  if (payout.status !== 'processing') return err(payoutInvalidTransition(payout.status, 'follow_up'));
  return ok({ ...payout, nextCheckAt: later(now, leaseMs), updatedAt: now });
};

export interface RecordOutcomeInput {
  readonly now: Date;
  readonly policy?: PayoutPolicy;
}

/**
 * What the provider answered for a `processing` row:
 * - `completed` → `completed` (emits `payout.completed`);
 * - `in_transit` → stays `processing` until `checkAfter`;
 * - `insufficient_funds` → `awaiting_funds`, asked again after the funds-recheck delay; does not count
 *   towards the failure limit; emits `payout.failed` when the row was not short of funds already;
 * - `failed` → with a retryable reason and fewer than `maxFailedAttempts` failures, back to `scheduled`
 *   after an exponential backoff; otherwise `failed` for good. Emits `payout.failed` either way.
 */
export const recordOutcome = (
  payout: Payout,
  outcome: PayoutOutcome,
  input: RecordOutcomeInput,
): Result<PayoutChange, DomainError> => {
  if (payout.status !== 'processing') return err(payoutInvalidTransition(payout.status, 'record_outcome'));
  const { now } = input;
  const policy = input.policy ?? DEFAULT_PAYOUT_POLICY;
  switch (outcome.kind) {
    case 'completed': {
      if (payout.payoutMethod === 'connect' && !outcome.reference) {
        return err(validationError('reference', 'a connect payout completes with its transfer id'));
      }
      const next: Payout = {
        ...payout,
        status: 'completed',
        completedAt: now,
        providerReference: outcome.reference,
        cardPaymentId: outcome.cardPaymentId,
        nextCheckAt: null,
        failureReason: null,
        updatedAt: now,
      };
      return moved(next, [payoutEvent('payout.completed', next)]);
    }
    case 'in_transit': {
      if (payout.providerReference !== null && payout.providerReference !== outcome.reference) {
        return err(validationError('reference', 'the provider answered about another transfer'));
      }
      const checkAt = outcome.checkAfter && outcome.checkAfter.getTime() > now.getTime() ? outcome.checkAfter : later(now, IN_TRANSIT_RECHECK_MS);
      return moved({ ...payout, providerReference: outcome.reference, nextCheckAt: checkAt, updatedAt: now });
    }
    case 'insufficient_funds': {
      const alreadyShort = payout.failureReason === 'insufficient_funds';
      const next: Payout = {
        ...payout,
        status: 'awaiting_funds',
        scheduledDate: later(now, policy.fundsRecheckDelayMs),
        providerReference: null,
        nextCheckAt: null,
        failureReason: 'insufficient_funds',
        updatedAt: now,
      };
      return moved(next, alreadyShort ? [] : [payoutEvent('payout.failed', next)]);
    }
    case 'failed': {
      const failedAttempts = payout.failedAttempts + 1;
      const retry = outcome.retryable && failedAttempts < policy.maxFailedAttempts;
      const next: Payout = {
        ...payout,
        status: retry ? 'scheduled' : 'failed',
        failedAttempts,
        scheduledDate: retry ? later(now, retryDelayMs(failedAttempts, policy)) : payout.scheduledDate,
        providerReference: null,
        cardPaymentId: null,
        nextCheckAt: null,
        failureReason: outcome.reason,
        updatedAt: now,
      };
      return moved(next, [payoutEvent('payout.failed', next)]);
    }
  }
};

export interface MarkPayoutPaidInput {
  readonly method: PayoutMethod;
  /** The connected-account transfer id: required for `connect`, refused otherwise. */
  readonly cardTransferId: string | null;
  readonly cardPaymentId?: string | null;
  readonly now: Date;
}

/**
 * The merchant paid the affiliate itself (headless affiliates, or after automation gave up): any
 * open row → `completed`, emits `payout.completed`. Not while money is in flight (`payout_in_progress`).
 */
export const markPayoutPaid = (payout: Payout, input: MarkPayoutPaidInput): Result<PayoutChange, DomainError> => {
  if (payout.status === 'processing') return err(payoutInProgress());
  if (!isOpenPayout(payout.status)) return err(payoutInvalidTransition(payout.status, 'mark_paid'));
  if (input.method === 'connect' && !input.cardTransferId) {
    return err(validationError('cardTransferId', 'is required for connect payouts'));
  }
  if (input.method !== 'connect' && input.cardTransferId) {
    return err(validationError('cardTransferId', 'is only set for connect payouts'));
  }
  if (input.method !== 'connect' && input.cardPaymentId) {
    return err(validationError('cardPaymentId', 'is only set for connect payouts'));
  }
  const next: Payout = {
    ...payout,
    status: 'completed',
    completedAt: input.now,
    payoutMethod: input.method,
    providerReference: input.method === 'connect' ? input.cardTransferId : null,
    cardPaymentId: input.method === 'connect' ? (input.cardPaymentId ?? null) : null,
    nextCheckAt: null,
    failureReason: null,
    updatedAt: input.now,
  };
  return moved(next, [payoutEvent('payout.completed', next)]);
};

/** The operator tries a `failed` payout again: `scheduled`, due now, with a fresh failure budget. */
export const retryPayout = (payout: Payout, now: Date): Result<PayoutChange, DomainError> => {
  if (payout.status !== 'failed') return err(payoutInvalidTransition(payout.status, 'retry'));
  return moved({ ...payout, status: 'scheduled', failedAttempts: 0, scheduledDate: now, updatedAt: now });
};

/**
 * Due rows that are not sent this time (their sum is below the merchant's minimum, or a live method
 * has no credentials and waits for the manual path): `scheduled` again until `until`, with the reason
 * visible. No request was made, so no attempt is counted and no event is recorded.
 */
export const holdPayout = (payout: Payout, reason: string, until: Date, now: Date): Result<PayoutChange, DomainError> => {
  if (payout.status !== 'scheduled' && payout.status !== 'awaiting_funds') return err(payoutInvalidTransition(payout.status, 'attempt'));
  return moved({ ...payout, status: 'scheduled', scheduledDate: until, failureReason: reason, updatedAt: now });
};
