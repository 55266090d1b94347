import type { CommissionType, CurrencyCode, Decimal, MembershipStatus, PayoutStatus } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';

/** A campaign as the public sees it (discovery list and campaign page): live, active and `isPublic`. */
export interface PublicCampaign {
  readonly id: string;
  readonly merchantId: string;
  readonly businessName: string;
  readonly name: string;
  readonly description: string | null;
  readonly trackingCode: string;
  readonly commissionType: CommissionType;
  readonly commissionValue: Decimal;
  readonly autoApproveAffiliates: boolean;
}

/** A signed-in affiliate at one merchant (live data only: the portal never shows test data). */
export interface PortalViewer {
  readonly affiliateId: string;
  readonly merchantId: string;
}

export interface PortalMembership {
  readonly campaignId: string;
  readonly campaignName: string;
  readonly trackingCode: string;
  readonly status: MembershipStatus;
  readonly joinedAt: Date;
}

export interface PortalCurrencyTotals {
  readonly currency: CurrencyCode;
  readonly conversions: number;
  readonly revenue: Decimal;
  readonly pendingCommissions: Decimal;
  readonly approvedCommissions: Decimal;
  readonly paidCommissions: Decimal;
}

export interface PortalDay {
  /** `YYYY-MM-DD`, UTC. */
  readonly day: string;
  readonly clicks: number;
  readonly conversions: number;
  /** Commission earned that day per currency, never converted. */
  readonly commissions: Readonly<Record<string, string>>;
}

export interface PortalEarnings {
  readonly clicks: number;
  readonly uniqueClicks: number;
  readonly byCurrency: readonly PortalCurrencyTotals[];
  readonly days: readonly PortalDay[];
}

/** A conversion as its affiliate sees it: no customer email or name (the merchant's customers are not theirs). */
export interface PortalConversion {
  readonly id: string;
  readonly campaignName: string;
  readonly amount: Decimal;
  readonly commission: Decimal;
  readonly currency: CurrencyCode;
  readonly status: string;
  readonly createdAt: Date;
  readonly approvedAt: Date | null;
}

export interface PortalPayout {
  readonly id: string;
  readonly campaignName: string;
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  readonly status: PayoutStatus;
  readonly scheduledDate: Date | null;
  readonly completedAt: Date | null;
  readonly createdAt: Date;
}

export interface PortalCoupon {
  readonly code: string;
  readonly campaignName: string;
  readonly percentOff: Decimal | null;
  readonly amountOff: Decimal | null;
  readonly currency: CurrencyCode | null;
}

/** The reads of the affiliate portal, each confined to one affiliate at one merchant (live). */
export interface PortalQueries {
  /** Live, active, public campaigns, optionally of one merchant, newest first. */
  publicCampaigns(merchantId: string | null, page: PageRequest): Promise<Page<PublicCampaign>>;
  publicCampaign(merchantId: string, trackingCode: string): Promise<PublicCampaign | null>;
  /** The merchant whose verified custom domain (Ultimate and Scale) is `host`, if any. */
  merchantIdByCustomDomain(host: string): Promise<string | null>;
  memberships(viewer: PortalViewer): Promise<readonly PortalMembership[]>;
  earnings(viewer: PortalViewer, days: number, until: Date): Promise<PortalEarnings>;
  conversions(viewer: PortalViewer, page: PageRequest): Promise<Page<PortalConversion>>;
  conversion(viewer: PortalViewer, id: string): Promise<PortalConversion | null>;
  payouts(viewer: PortalViewer, page: PageRequest): Promise<Page<PortalPayout>>;
  coupons(viewer: PortalViewer): Promise<readonly PortalCoupon[]>;
  /** The live team the affiliate belongs to at the merchant, if any. */
  teamIdOf(viewer: PortalViewer): Promise<string | null>;
}
