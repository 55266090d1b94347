import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../shared/domain-error.js';
import { checkCommissionAboveSale } from './commission-above-sale.guard.js';
import type { Conversion } from './conversion.js';
import { invalidTransition } from './conversion.errors.js';
import { conversionEvent } from './conversion.events.js';
import { changeConversionStatus, holdConversion, unchanged, type ConversionChange } from './conversion.ops.js';

/** What the merchant's `PATCH /conversions/:id` may ask for: decisions, a hold, its release, a reopen. */
export const CONVERSION_PATCH_STATUSES = ['approved', 'rejected', 'held', 'released', 'pending'] as const;
export type ConversionPatchStatus = (typeof CONVERSION_PATCH_STATUSES)[number];

export interface CorrectionInput {
  readonly to: ConversionPatchStatus;
  /** The merchant confirmed a commission above 5x its sale: needed on every path back to `approved`. */
  readonly confirmAboveSale?: boolean;
  readonly now: Date;
}

/**
 * `released` (an action, not a status): held → the status before the hold. Back to `approved` passes
 * the 5x guard again and re-queues the payout (the hold cancelled it). A hold recorded before holds
 * remembered their origin returns to `pending`, the safe side.
 */
export const releaseConversion = (
  conversion: Conversion,
  input: { readonly confirmAboveSale?: boolean; readonly now: Date },
): Result<ConversionChange, DomainError> => {
  if (conversion.status !== 'held') return err(invalidTransition(conversion.status, 'release'));
  const to = conversion.heldFrom ?? 'pending';
  if (to === 'approved') {
    const guard = checkCommissionAboveSale(conversion, input.confirmAboveSale === true);
    if (guard.isErr()) return err(guard.error);
  }
  const next: Conversion = {
    ...conversion,
    status: to,
    heldFrom: null,
    approvedAt: to === 'approved' ? input.now : null,
    updatedAt: input.now,
  };
  return ok({ conversion: next, events: [conversionEvent('conversion.updated', next)], changed: true, cancelsQueuedPayout: false });
};

/**
 * Reopen: rejected → pending, for the merchant to decide again. Paid, refunded and held rows never
 * reopen; a pending one is already open (no-op); an approved one must be rejected or held first.
 */
export const reopenConversion = (conversion: Conversion, now: Date): Result<ConversionChange, DomainError> => {
  if (conversion.status === 'pending') return ok(unchanged(conversion));
  if (conversion.status !== 'rejected') return err(invalidTransition(conversion.status, 'reopen'));
  const next: Conversion = { ...conversion, status: 'pending', approvedAt: null, updatedAt: now };
  return ok({ conversion: next, events: [conversionEvent('conversion.updated', next)], changed: true, cancelsQueuedPayout: false });
};

/** The one entry of the merchant's PATCH: each requested status to its move. */
export const correctConversion = (conversion: Conversion, input: CorrectionInput): Result<ConversionChange, DomainError> => {
  switch (input.to) {
    case 'approved':
    case 'rejected':
      return changeConversionStatus(conversion, {
        to: input.to,
        ...(input.confirmAboveSale === undefined ? {} : { confirmAboveSale: input.confirmAboveSale }),
        now: input.now,
      });
    case 'held':
      return holdConversion(conversion, input.now);
    case 'released':
      return releaseConversion(conversion, {
        ...(input.confirmAboveSale === undefined ? {} : { confirmAboveSale: input.confirmAboveSale }),
        now: input.now,
      });
    case 'pending':
      return reopenConversion(conversion, input.now);
  }
};
