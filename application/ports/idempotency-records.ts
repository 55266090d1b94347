import type { Mode } from '../../domain/index.js';

/** Whose idempotency key it is: keys of different API keys, merchants or modes never meet. */
export interface IdempotencyScope {
  readonly apiKeyId: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly key: string;
}

/** A response as first sent, replayed byte for byte. */
export interface StoredResponse {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
}

export type ClaimOutcome =
  /** This request holds the key: run it, then `complete` or `release`. */
  | { readonly kind: 'claimed' }
  /** An earlier request with the same key and fingerprint finished: answer its response. */
  | { readonly kind: 'completed'; readonly response: StoredResponse }
  /** An earlier request with the same key and fingerprint is still running. */
  | { readonly kind: 'in_progress' }
  /** The key was used for a different request (another path or body). */
  | { readonly kind: 'reused' };

export interface ClaimTimes {
  readonly now: Date;
  /** Until when a claim that is never completed blocks retries (its process may have died). */
  readonly leaseUntil: Date;
  /** When the record, and with it the key, is forgotten. */
  readonly expiresAt: Date;
}

/** The first response per idempotency key. */
export interface IdempotencyRecords {
  /** Takes the key unless a record holds it (an expired record, or a lapsed claim of the same request, is taken over). */
  claim(scope: IdempotencyScope, fingerprint: string, times: ClaimTimes): Promise<ClaimOutcome>;
  complete(scope: IdempotencyScope, response: StoredResponse): Promise<void>;
  /** Forgets a claim whose request left nothing worth replaying, so a retry runs again. */
  release(scope: IdempotencyScope): Promise<void>;
  /** Deletes up to `limit` expired records; returns how many. */
  deleteExpired(now: Date, limit: number): Promise<number>;
}
