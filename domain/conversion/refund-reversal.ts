import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../shared/domain-error.js';
import type { Conversion } from './conversion.js';
import { invalidTransition } from './conversion.errors.js';
import { conversionEvent } from './conversion.events.js';
import { unchanged, type ConversionChange } from './conversion.ops.js';

/**
 * The provider took back a refund it had granted (the App Store's `REFUND_REVERSED`): the sale stands
 * again whole, and so does its commission (the figure computed at the sale, as if never refunded).
 * A provider's payment makes one conversion, so every refund the conversion had is reversed together.
 *
 * - `refunded` → `pending`: the status before the refund is not kept, and a refund may have
 *   cancelled a queued payout, so the merchant (or automatic approval) decides again.
 * - `pending`, `approved`, `held` refunded in part keep their status; an approved one's queued payout
 *   grows back to the whole commission.
 * - never refunded: an idempotent no-op. `paid` (money left at the old figure; a refund after payout
 *   is a clawback, not this) and `rejected` (the merchant's decision): `invalid_transition`.
 */
export const reverseRefund = (conversion: Conversion, now: Date): Result<ConversionChange, DomainError> => {
  const { status } = conversion;
  if (status === 'paid' || status === 'rejected') return err(invalidTransition(status, 'reverse_refund'));
  const refunded = conversion.refundedAmount !== null && conversion.refundedAmount.gt(0);
  if (status !== 'refunded' && !refunded) return ok(unchanged(conversion));
  const next: Conversion = {
    ...conversion,
    status: status === 'refunded' ? 'pending' : status,
    refundedAmount: null,
    commission: conversion.originalCommission,
    updatedAt: now,
  };
  return ok({ conversion: next, events: [conversionEvent('conversion.updated', next)], changed: true, cancelsQueuedPayout: false });
};
