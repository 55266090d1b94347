import type { Merchant } from '../merchant/merchant.js';
import { planAllowsCustomDomain } from '../merchant/plan.js';

/**
 * Where tracking links point: the merchant's custom portal domain (connected and verified, which a
 * merchant's `customDomain` always is) on Ultimate and Scale, else the service's own public base URL.
 */
export const trackingLinkBase = (merchant: Pick<Merchant, 'plan' | 'customDomain'>, publicBaseUrl: string): string =>
  merchant.customDomain && planAllowsCustomDomain(merchant.plan)
    ? `https://${merchant.customDomain.replace(/^https?:\/\//i, '').replace(/\/+$/, '')}`
    : publicBaseUrl.replace(/\/+$/, '');

/** `<base>/r/<campaign tracking code>/<affiliate ref code>`: served by the service, it records a click. */
export const trackingLink = (base: string, campaignTrackingCode: string, affiliateRefCode: string): string =>
  `${base}/r/${campaignTrackingCode}/${affiliateRefCode}`;
