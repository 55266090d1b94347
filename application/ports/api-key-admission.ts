import type { Mode, Plan } from '../../domain/index.js';
import type { ApiKeyWithMerchant } from './api-key-repository.js';
import type { RateLimitDecision } from './rate-limiter.js';

export interface AdmissionRequest {
  /** The key's lookup prefix, as parsed from the presented token. */
  readonly lookup: string;
  /** SHA-256 (hex) of the presented secret. */
  readonly secretHash: string;
  /** The mode the token's prefix names. */
  readonly mode: Mode;
  /** Requests per minute by plan: the merchant's plan is only known once the key is read. */
  readonly limitsByPlan: Readonly<Record<Plan, number>>;
  /** The merchant's shared bucket is this prefix followed by the merchant id. */
  readonly bucketPrefix: string;
  readonly now: Date;
}

export interface Admission {
  /** The key and its merchant by lookup prefix, revoked keys included (the caller decides). */
  readonly found: ApiKeyWithMerchant | null;
  /**
   * The merchant bucket's decision, present only when the request was counted against it: the
   * stored hash equals `secretHash`, the key's mode is `mode` and it is not revoked.
   */
  readonly decision: RateLimitDecision | null;
}

/**
 * The key lookup and the merchant's rate-limit count of an API request in one round trip. Every
 * authenticated request needs both, and on PostgreSQL the round trip, not the work, is the cost
 * (bench/README.md). A request whose key does not verify is not counted against the merchant.
 */
export interface ApiKeyAdmission {
  admit(request: AdmissionRequest): Promise<Admission>;
}
