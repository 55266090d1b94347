import type { PayoutMethod } from '../conversion/conversion.js';
import type { CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import type { Mode } from '../shared/mode.js';

/** The spec's payout queue row states. */
export const PAYOUT_STATUSES = ['pending', 'awaiting_funds', 'scheduled', 'processing', 'completed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * States in which no money is with a provider: the row may still be resized or cancelled (deleted)
 * when its conversion changes. `processing` is money in flight; `completed` is money paid.
 */
export const OPEN_PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'awaiting_funds', 'scheduled', 'failed'];
export const isOpenPayout = (status: PayoutStatus): boolean => OPEN_PAYOUT_STATUSES.includes(status);

/** Days between approval and the first payout attempt, unless the merchant sets its own. */
export const DEFAULT_PAYOUT_HOLDING_DAYS = 30;
export const MAX_PAYOUT_HOLDING_DAYS = 365;

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** How the payout machine waits and gives up. Times in milliseconds. */
export interface PayoutPolicy {
  /** Failed attempts after which a payout is `failed` for good (the last one included). */
  readonly maxFailedAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. */
  readonly retryBaseDelayMs: number;
  /** Upper bound of one wait between retries. */
  readonly retryMaxDelayMs: number;
  /** How long an `awaiting_funds` payout waits before it asks again. */
  readonly fundsRecheckDelayMs: number;
}

export const DEFAULT_PAYOUT_POLICY: PayoutPolicy = {
  maxFailedAttempts: 5,
  retryBaseDelayMs: HOUR,
  retryMaxDelayMs: 24 * HOUR,
  fundsRecheckDelayMs: 6 * HOUR,
};

/** How often a payout still in transit at its provider is looked at again, when the provider gives no time. */
export const IN_TRANSIT_RECHECK_MS = 15 * MINUTE;

/**
 * How long a started attempt waits for its provider's answer before the payout job asks again (same
 * request, same idempotency key): only a process that died mid-attempt leaves one that long.
 */
export const ATTEMPT_LEASE_MS = 5 * MINUTE;

/** Backoff after the `failedAttempts`-th failed attempt (1-based): base, 2×base, 4×base, … capped. */
export const retryDelayMs = (failedAttempts: number, policy: PayoutPolicy = DEFAULT_PAYOUT_POLICY): number => {
  const exponent = Math.max(0, failedAttempts - 1);
  // 2^exponent overflows nothing useful past ~50 doublings; the cap applies long before.
  const delay = policy.retryBaseDelayMs * 2 ** Math.min(exponent, 50);
  return Math.min(delay, policy.retryMaxDelayMs);
};

/**
 * One payout queue row: what one approved conversion earns its affiliate, on its way out. Immutable:
 * every operation in `payout.ops.ts` returns a new value.
 */
export interface Payout {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly conversionId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  /** The conversion's commission; rounded already. */
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  readonly status: PayoutStatus;
  /**
   * When the payout is next due: the end of the holding period while `pending`, the next attempt while
   * `scheduled` (a retry moves it), the next funds check while `awaiting_funds`; kept as it was once
   * the payout is processing, completed or failed.
   */
  readonly scheduledDate: Date;
  /** Requests made to the payout provider (funds refusals included). */
  readonly attempts: number;
  /** Failed attempts since the last retry by the operator; drives the backoff and the limit. */
  readonly failedAttempts: number;
  readonly lastAttemptAt: Date | null;
  readonly completedAt: Date | null;
  /** The method of the current or last attempt (or of the manual payment). */
  readonly payoutMethod: PayoutMethod | null;
  /** The provider's id of the transfer in flight or made; for `connect` the connected-account transfer id. */
  readonly providerReference: string | null;
  /** The payment on the connected account (`connect` only). */
  readonly cardPaymentId: string | null;
  /** The payment (one transfer for all of one affiliate's due rows in one method and currency) of the current or last attempt. */
  readonly paymentId: string | null;
  /**
   * While `processing`: when to ask the provider again: about the transfer in flight, or, before any
   * answer (`providerReference` null), when the attempt's request is repeated.
   */
  readonly nextCheckAt: Date | null;
  /** Why the last attempt did not pay (`insufficient_funds`, a provider reason); null once completed. */
  readonly failureReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The idempotency key of the payout's current attempt: the same after a crash, new for each attempt. */
export const attemptKey = (payout: Pick<Payout, 'id' | 'attempts'>): string => `payout_${payout.id}_${payout.attempts}`;

/** The transfer id a paid conversion carries: the provider's reference for `connect`, else none. */
export const cardTransferIdOf = (payout: Pick<Payout, 'payoutMethod' | 'providerReference'>): string | null =>
  payout.payoutMethod === 'connect' ? payout.providerReference : null;

/** What a payout provider answered about a transfer request or a transfer in flight. */
export type PayoutOutcome =
  /** Money arrived: `reference` is the provider's transfer id. */
  | { readonly kind: 'completed'; readonly reference: string; readonly cardPaymentId: string | null }
  /** Accepted; completes later (asynchronous providers). Ask again at `checkAfter`. */
  | { readonly kind: 'in_transit'; readonly reference: string; readonly checkAfter: Date | null }
  /** The merchant's payout balance does not cover the amount; nothing was sent. */
  | { readonly kind: 'insufficient_funds' }
  /** Nothing paid. `retryable` failures are tried again with backoff; others fail the payout at once. */
  | { readonly kind: 'failed'; readonly reason: string; readonly retryable: boolean };
