import type { Campaign, Click, Merchant } from '../../domain/index.js';
import type { Affiliate } from '../../domain/index.js';
import type { MembershipStatus } from '../../domain/affiliate/membership.js';

/** What a public tracking link resolves to; the affiliate is null when the ref code is unknown. */
export interface ResolvedTrackingLink {
  readonly campaign: Campaign;
  readonly merchant: Pick<Merchant, 'id' | 'plan' | 'customDomain' | 'websiteUrl'>;
  readonly affiliate: Affiliate | null;
  readonly membershipStatus: MembershipStatus | null;
}

/**
 * The public entry of tracking links. `resolve` is deliberately not tenant-scoped: the link itself
 * (a globally unique campaign code, then a ref code unique at that campaign's merchant) names the
 * merchant; `record` keeps the click there.
 */
export interface ClickRepository {
  resolve(trackingCode: string, refCode: string): Promise<ResolvedTrackingLink | null>;
  /**
   * Accepts the click for recording and returns at once: clicks are written in batches, within a
   * short interval (and before a graceful shutdown completes), so the visitor never waits for it.
   */
  record(click: Click): void;
}
