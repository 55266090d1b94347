import type { MembershipStatus } from '../affiliate/membership.js';
import type { Mode } from '../shared/mode.js';
import type { CampaignStatus } from './campaign.js';

/** One visit through a tracking link. A conversion's `clickId` refers to one. */
export interface Click {
  readonly id: string;
  readonly merchantId: string;
  /** The affiliate's mode: clicks on a test affiliate's link are test data. */
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  /** Salted SHA-256 of the visitor's address and user agent; `uniqueClicks` counts distinct values. */
  readonly visitorHash: string;
  readonly createdAt: Date;
  /** What risk signals read: the URL the visitor landed on (ad click ids), where they came from, and the salted fingerprint of the address alone. */
  readonly landingUrl?: string | null;
  readonly referrer?: string | null;
  readonly addressHash?: string | null;
}

/**
 * A visit counts as a click only on an active campaign through an affiliate approved for it; other
 * visits are still sent on to the campaign's page, unrecorded.
 */
export const countsAsClick = (campaignStatus: CampaignStatus, membershipStatus: MembershipStatus | null): boolean =>
  campaignStatus === 'active' && membershipStatus === 'approved';
