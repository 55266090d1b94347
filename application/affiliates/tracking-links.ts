import { trackingLink, trackingLinkBase, type Merchant } from '../../domain/index.js';
import type { AffiliateMembershipRow } from '../ports/affiliate-queries.js';

type LinkMerchant = Pick<Merchant, 'plan' | 'customDomain'>;

/** Builds tracking links with the service's configured public base URL. */
export class TrackingLinks {
  constructor(private readonly publicBaseUrl: string) {}

  for(merchant: LinkMerchant, campaignTrackingCode: string, affiliateRefCode: string): string {
    return trackingLink(this.base(merchant), campaignTrackingCode, affiliateRefCode);
  }

  /** The merchant's portal address: its custom domain where it applies, else the service's own. */
  base(merchant: LinkMerchant): string {
    return trackingLinkBase(merchant, this.publicBaseUrl);
  }

  /**
   * The merchant's affiliate portal: the root of its custom domain where it applies, else
   * `/portal/m/<merchant id>` on the service's own address.
   */
  portalBase(merchant: LinkMerchant & Pick<Merchant, 'id'>): string {
    const base = this.base(merchant);
    return base === this.publicBaseUrl.replace(/\/+$/, '') ? `${base}/portal/m/${merchant.id}` : base;
  }
}

/** A list row as the API shows it: a membership plus its tracking link. */
export interface AffiliateListItem extends AffiliateMembershipRow {
  readonly trackingLink: string;
}

export const withTrackingLink = (row: AffiliateMembershipRow, merchant: LinkMerchant, links: TrackingLinks): AffiliateListItem => ({
  ...row,
  trackingLink: links.for(merchant, row.campaignTrackingCode, row.affiliate.refCode),
});
