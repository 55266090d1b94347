import type { CurrencyCode, Decimal, Mode, PayoutMethod, PayoutOutcome } from '../../domain/index.js';

/** One transfer request. The provider treats a repeated `idempotencyKey` as the same request. */
export interface PayoutRequest {
  readonly idempotencyKey: string;
  readonly payoutId: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly affiliateId: string;
  /** The payout email for `wallet_a` and `transfer_b`; null for `connect` (the connected account is the affiliate's). */
  readonly email: string | null;
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
}

/**
 * A payout method's provider (`connect`, `wallet_a`, `transfer_b`). Business outcomes are values
 * (`PayoutOutcome`); a thrown error means the outcome is unknown, and the caller repeats the same
 * request (same idempotency key) later.
 */
export interface PayoutProvider {
  readonly method: PayoutMethod;
  send(request: PayoutRequest): Promise<PayoutOutcome>;
  /** Where a transfer in flight stands (`in_transit` again while it has not settled). */
  status(reference: string): Promise<PayoutOutcome>;
}

/** The provider of each method. */
export interface PayoutProviders {
  forMethod(method: PayoutMethod): PayoutProvider;
}
