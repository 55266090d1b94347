import type { Conversion, Merchant } from '../../domain/index.js';

/**
 * The payout queue as the conversion use cases see it: an approved conversion of a merchant with
 * automatic payouts gets one queue row; leaving `approved` (or a whole refund) cancels it; a partial
 * refund resizes it. Calls join the caller's transaction.
 */
export interface PayoutQueue {
  queueFor(conversion: Conversion, merchant: Merchant, now: Date): Promise<void>;
  cancelFor(conversion: Conversion, now: Date): Promise<void>;
  resizeFor(conversion: Conversion, now: Date): Promise<void>;
}
