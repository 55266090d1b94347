import type { Mode, Plan } from '../../domain/index.js';
import type { ApiKeyWithMerchant } from './api-key-repository.js';
import type { CampaignDetailData } from './campaign-queries.js';
import type { ConversionDetail } from './conversion-queries.js';
import type { RateLimitDecision } from './rate-limiter.js';
import type { SaleContext } from './sale-context.js';

/**
 * A read that rides along with the admission in its one round trip, run in the tenant of the key
 * being admitted (its merchant and mode) and only when that key verifies and the request is counted.
 * For the hottest reads, where a second round trip would cost more than the read itself.
 */
export type AttachedRead =
  | { readonly kind: 'conversion'; readonly id: string }
  | { readonly kind: 'campaign'; readonly id: string; readonly recentLimit: number }
  | { readonly kind: 'sale'; readonly campaignId: string; readonly affiliateId: string };

/** What an attached read found (`null`: nothing of that id in the tenant). */
export type AttachedResult =
  | { readonly kind: 'conversion'; readonly found: ConversionDetail | null }
  | { readonly kind: 'campaign'; readonly found: CampaignDetailData | null }
  | { readonly kind: 'sale'; readonly found: SaleContext | null };

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
  /** A read to run in the same round trip, in the key's tenant, if the request is admitted. */
  readonly attach?: AttachedRead | null;
}

export interface Admission {
  /** The key and its merchant by lookup prefix, revoked keys included (the caller decides). */
  readonly found: ApiKeyWithMerchant | null;
  /**
   * The merchant bucket's decision, present only when the request was counted against it: the
   * stored hash equals `secretHash`, the key's mode is `mode` and it is not revoked.
   */
  readonly decision: RateLimitDecision | null;
  /** The attached read's result: present only when one was asked for and the request was admitted. */
  readonly attached: AttachedResult | null;
}

/**
 * The key lookup and the merchant's rate-limit count of an API request in one round trip. Every
 * authenticated request needs both, and on PostgreSQL the round trip, not the work, is the cost
 * (bench/README.md). A request whose key does not verify is not counted against the merchant.
 */
export interface ApiKeyAdmission {
  admit(request: AdmissionRequest): Promise<Admission>;
}
