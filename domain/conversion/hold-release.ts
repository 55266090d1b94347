import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../shared/domain-error.js';
import type { Conversion } from './conversion.js';
import { invalidTransition } from './conversion.errors.js';
import { conversionEvent } from './conversion.events.js';
import type { ConversionChange } from './conversion.ops.js';

/** The states a hold returns a conversion to. */
export type ReleasedStatus = 'pending' | 'approved';

/**
 * Ends a hold (a dispute won, a merchant's release): held → the state it had before the hold.
 * Approved again counts from now (`approvedAt`), so an automatic payout is queued anew.
 */
export const releaseConversion = (conversion: Conversion, to: ReleasedStatus, now: Date): Result<ConversionChange, DomainError> => {
  if (conversion.status !== 'held') return err(invalidTransition(conversion.status, 'release'));
  const next: Conversion = { ...conversion, status: to, approvedAt: to === 'approved' ? now : null, updatedAt: now };
  return ok({ conversion: next, events: [conversionEvent('conversion.updated', next)], changed: true, cancelsQueuedPayout: false });
};
