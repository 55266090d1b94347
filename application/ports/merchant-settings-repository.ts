import type { DomainVerificationStatus, EmailNoticeChoice } from '../../domain/index.js';

/** A portal domain the merchant asked for and its DNS proof; once verified it is also the merchant's `customDomain`. */
export interface RequestedDomain {
  readonly domain: string;
  readonly token: string;
  readonly status: DomainVerificationStatus;
  readonly requestedAt: Date;
  readonly checkedAt: Date | null;
}

/** What the merchant sets for itself beside the operator's fields. */
export interface MerchantSettings {
  readonly merchantId: string;
  readonly requestedDomain: RequestedDomain | null;
  /** `#rrggbb`, or null for the portal's own colour. */
  readonly brandColour: string | null;
  /** The logo as a `data:` URL (the portal's Content-Security-Policy allows no other image host). */
  readonly logoDataUrl: string | null;
  readonly emailNotices: readonly EmailNoticeChoice[];
  readonly updatedAt: Date;
}

/** Every method joins the caller's transaction. */
export interface MerchantSettingsRepository {
  /** The merchant's settings, or the defaults when it never saved any. */
  find(merchantId: string): Promise<MerchantSettings>;
  /** As `find`, locking the row (made first when missing) until the transaction ends. */
  findForUpdate(merchantId: string, now: Date): Promise<MerchantSettings>;
  save(settings: MerchantSettings): Promise<void>;
  /**
   * Merchants whose domain waits for its proof, the least recently checked first. Not locked: the
   * look-up happens outside any transaction, and its outcome is applied under `findForUpdate`.
   */
  pendingDomains(limit: number): Promise<readonly MerchantSettings[]>;
}
