import type { MaskedTaxDetails, TaxDetails } from '../../domain/index.js';

/** One saved version of an affiliate's tax details, as every view shows it. */
export interface TaxDetailsRecord {
  readonly version: number;
  readonly savedAt: Date;
  readonly details: MaskedTaxDetails;
}

/** The version with the full form, for the merchant's audited download only. */
export interface FullTaxDetailsRecord {
  readonly version: number;
  readonly savedAt: Date;
  readonly details: TaxDetails;
}

/** Where an affiliate's tax details are: a new row per version; TINs and signatures sealed at rest. */
export interface TaxDetailsStore {
  /** Appends `version` (the caller holds the affiliate's row lock, so versions never collide). */
  append(merchantId: string, affiliateId: string, version: number, details: TaxDetails, id: string, now: Date): Promise<void>;
  latest(merchantId: string, affiliateId: string): Promise<TaxDetailsRecord | null>;
  /** Every version, newest first. */
  history(merchantId: string, affiliateId: string): Promise<readonly TaxDetailsRecord[]>;
  /** The latest version opened, TIN and signature in the clear. */
  latestFull(merchantId: string, affiliateId: string): Promise<FullTaxDetailsRecord | null>;
  /** Of `affiliateIds`, those with tax details on file. */
  withDetails(merchantId: string, affiliateIds: readonly string[]): Promise<ReadonlySet<string>>;
}
