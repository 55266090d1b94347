import type { CurrencyCode, Decimal, Mode, PayoutMethod, PayoutOutcome } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * One transfer request: all of one affiliate's due rows and team bonus awards of one method and
 * currency. A repeated `idempotencyKey` is the same request.
 */
export interface PayoutRequest {
  readonly idempotencyKey: string;
  /** The payment this request pays (one per attempt). */
  readonly paymentId: string;
  /** The queue rows it pays, oldest first. */
  readonly payoutIds: readonly string[];
  /** The team bonus awards it pays with them. */
  readonly awardIds: readonly string[];
  readonly merchantId: string;
  readonly mode: Mode;
  readonly affiliateId: string;
  /** The payout email for `wallet_a` and `transfer_b`; null for `connect`. */
  readonly email: string | null;
  /** `connect`: the affiliate's connected account on the merchant's card-processor account, once onboarded. */
  readonly connectedAccountId: string | null;
  /** What is sent: the sum of the rows and awards net of clawbacks; exact to the currency's minor unit. */
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
  /**
   * The provider that pays for this merchant and mode: the real one with the merchant's credentials;
   * without them, the sandbox in test mode, and null in live mode (the rows wait for the manual path).
   */
  forTenant(tenant: Tenant, method: PayoutMethod): Promise<PayoutProvider | null>;
}
