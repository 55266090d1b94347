import type { Result } from 'neverthrow';
import type { Conversion, DomainError, Merchant } from '../../domain/index.js';

/**
 * The payout queue as the conversion use cases see it: an approved conversion of a merchant with
 * automatic payouts gets one queue row; leaving `approved` (or a whole refund) cancels it; a partial
 * refund resizes it. Calls join the caller's transaction, which holds the conversion's row lock.
 * Cancelling or resizing a row whose money is with the provider answers `payout_in_progress`.
 */
export interface PayoutQueue {
  queueFor(conversion: Conversion, merchant: Merchant, now: Date): Promise<void>;
  cancelFor(conversion: Conversion, now: Date): Promise<Result<void, DomainError>>;
  resizeFor(conversion: Conversion, now: Date): Promise<Result<void, DomainError>>;
}
