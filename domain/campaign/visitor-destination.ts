import type { Campaign } from './campaign.js';

/**
 * Where a tracking link sends its visitor: the campaign's target URL; without one, the merchant's
 * website; without that, the campaign's page in the affiliate portal when it has one (public and
 * active), else the merchant's portal home. Never nowhere: every link leads to a page that exists.
 */
export type VisitorDestination =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'portal_campaign'; readonly trackingCode: string }
  | { readonly kind: 'portal_home' };

export const visitorDestination = (
  campaign: Pick<Campaign, 'targetUrl' | 'isPublic' | 'status' | 'trackingCode'>,
  websiteUrl: string | null,
): VisitorDestination => {
  if (campaign.targetUrl) return { kind: 'url', url: campaign.targetUrl };
  if (websiteUrl) return { kind: 'url', url: websiteUrl };
  // The portal shows only public, active campaigns; any other would be a "not found" page.
  if (campaign.isPublic && campaign.status === 'active') return { kind: 'portal_campaign', trackingCode: campaign.trackingCode };
  return { kind: 'portal_home' };
};
