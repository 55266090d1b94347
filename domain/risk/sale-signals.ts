import { emailDomain, isPublicMailDomain, normaliseEmail, type DisposableDomainCheck } from './email.js';
import { riskFlag, type RiskFlag } from './risk-flag.js';
import { hostOf, queryParameterNames } from './url-parts.js';

/** What a click said about its visitor, as recorded (the row may be missing: then click signals stay silent). */
export interface ClickFacts {
  readonly id: string;
  /** The salted fingerprint of address and browser. */
  readonly visitorHash: string;
  /** The salted fingerprint of the address alone; null for clicks recorded before it was kept. */
  readonly addressHash: string | null;
  readonly landingUrl: string | null;
  readonly referrer: string | null;
  readonly createdAt: Date;
}

/** Where an affiliate was seen themself: a portal session of theirs, by the same salted fingerprints. */
export interface Footprint {
  readonly id: string;
  readonly visitorHash: string | null;
  readonly addressHash: string | null;
}

export interface AffiliateEmails {
  readonly id: string;
  readonly email: string;
  readonly payoutEmail: string | null;
}

/** `self_referral`: the customer's address is the affiliate's login or payout address, after normalisation. */
export const selfReferral = (customerEmail: string | null, affiliate: AffiliateEmails): RiskFlag | null => {
  if (customerEmail === null) return null;
  const customer = normaliseEmail(customerEmail);
  const own = [affiliate.email, affiliate.payoutEmail].some((address) => address !== null && normaliseEmail(address) === customer);
  return own ? riskFlag('self_referral', `The customer's email is the referring affiliate's own address (${customer}).`, [affiliate.id]) : null;
};

/**
 * `customer_matches_affiliate`: the customer writes from the affiliate's own company domain (public
 * mail services excepted), or the sale's click came from the browser or address the affiliate used
 * for their own portal sessions.
 */
export const customerMatchesAffiliate = (
  customerEmail: string | null,
  affiliate: AffiliateEmails,
  click: ClickFacts | null,
  footprints: readonly Footprint[],
): RiskFlag | null => {
  const reasons: string[] = [];
  const evidence: string[] = [];
  if (customerEmail !== null) {
    const domain = emailDomain(customerEmail);
    const ownDomains = [affiliate.email, affiliate.payoutEmail].flatMap((e) => (e === null ? [] : [emailDomain(e)]));
    if (domain !== '' && !isPublicMailDomain(domain) && ownDomains.includes(domain)) {
      reasons.push(`the customer's email domain ${domain} is the affiliate's own`);
      evidence.push(affiliate.id);
    }
  }
  if (click !== null) {
    const sameBrowser = footprints.filter((f) => f.visitorHash !== null && f.visitorHash === click.visitorHash);
    const sameAddress = footprints.filter((f) => f.addressHash !== null && click.addressHash !== null && f.addressHash === click.addressHash);
    if (sameBrowser.length > 0) {
      reasons.push(`the click came from the browser the affiliate signs in with`);
      evidence.push(click.id, ...sameBrowser.map((f) => f.id));
    } else if (sameAddress.length > 0) {
      reasons.push(`the click came from the network address the affiliate signs in from`);
      evidence.push(click.id, ...sameAddress.map((f) => f.id));
    }
  }
  if (reasons.length === 0) return null;
  return riskFlag('customer_matches_affiliate', `The customer looks like the affiliate: ${reasons.join('; ')}.`, evidence);
};

/** `disposable_email`: the address is at a throwaway mail service (the maintained list's answer). */
export const disposableEmail = (who: 'customer' | 'affiliate', email: string | null, isDisposable: DisposableDomainCheck, subjectId: string): RiskFlag | null => {
  if (email === null) return null;
  const domain = emailDomain(email);
  if (domain === '' || !isDisposable(domain)) return null;
  return riskFlag('disposable_email', `The ${who}'s email is at ${domain}, a throwaway mail service.`, [subjectId, domain]);
};

/** `fast_conversion`: the sale came less than `thresholdSeconds` after its click. */
export const fastConversion = (click: ClickFacts | null, saleAt: Date, thresholdSeconds: number): RiskFlag | null => {
  if (click === null) return null;
  const elapsedMs = saleAt.getTime() - click.createdAt.getTime();
  if (elapsedMs < 0 || elapsedMs >= thresholdSeconds * 1000) return null;
  const seconds = Math.floor(elapsedMs / 1000);
  return riskFlag('fast_conversion', `The sale came ${seconds} s after its click, under the ${thresholdSeconds} s a real visitor needs.`, [click.id]);
};

/** Query parameters ad networks add to a landing URL when an ad was clicked. */
export const AD_CLICK_PARAMETERS = ['gclid', 'gbraid', 'wbraid', 'gclsrc', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'li_fat_id', 'twclid', 'epik', 'rdt_cid', 'sccid', 'yclid'] as const;

/** The ad click ids a landing URL carries. */
export const adClickIdsIn = (landingUrl: string | null): string[] => {
  if (landingUrl === null) return [];
  const names = new Set(queryParameterNames(landingUrl));
  return AD_CLICK_PARAMETERS.filter((name) => names.has(name));
};

/** `paid_ads_click`: the click landed from a paid ad while the merchant forbids ads on its brand. */
export const paidAdsClick = (click: ClickFacts | null, adsForbidden: boolean): RiskFlag | null => {
  if (click === null || !adsForbidden) return null;
  const found = adClickIdsIn(click.landingUrl);
  if (found.length === 0) return null;
  return riskFlag('paid_ads_click', `The click came from a paid ad (its landing URL carries ${found.join(', ')}), and paid ads on your brand are not allowed.`, [click.id]);
};

/** The lowercase host of a referrer URL, without `www.` (null when none or unreadable). */
export const referrerHost = (referrer: string | null): string | null => (referrer === null || referrer === '' ? null : hostOf(referrer));

/** Whether a host is one of the domains or a subdomain of one. */
export const hostIsUnder = (host: string, domains: readonly string[]): string | null =>
  domains.find((d) => host === d || host.endsWith(`.${d}`)) ?? null;

/** `banned_referrer`: the click's referrer is on the merchant's list (the domain or a subdomain). */
export const bannedReferrer = (click: ClickFacts | null, bannedDomains: readonly string[]): RiskFlag | null => {
  const host = referrerHost(click?.referrer ?? null);
  if (click === null || host === null) return null;
  const banned = hostIsUnder(host, bannedDomains);
  if (banned === null) return null;
  return riskFlag('banned_referrer', `The click was referred by ${host}, which is on your banned referrer list (${banned}).`, [click.id, banned]);
};

/** Recent activity of one visitor (fingerprint or address), as counted for velocity signals. */
export interface VisitorActivity {
  /** Ids of the visitor's clicks (or sales) in the window, this one included. */
  readonly ids: readonly string[];
  readonly windowMinutes: number;
}

/** `click_velocity`: one visitor made more than `max` clicks in the window. */
export const clickVelocity = (activity: VisitorActivity, max: number): RiskFlag | null =>
  activity.ids.length > max
    ? riskFlag('click_velocity', `One visitor made ${activity.ids.length} clicks in ${activity.windowMinutes} minutes (more than ${max}).`, activity.ids)
    : null;

/** `conversion_velocity`: sales from one visitor exceed `max` in the window. */
export const conversionVelocity = (activity: VisitorActivity, max: number): RiskFlag | null =>
  activity.ids.length > max
    ? riskFlag('conversion_velocity', `One visitor made ${activity.ids.length} purchases in ${activity.windowMinutes} minutes (more than ${max}).`, activity.ids)
    : null;

/** `unconfirmed_script_sale`: only the merchant's page reported the sale; no payment provider confirmed it yet. */
export const unconfirmedScriptSale = (source: string, conversionId: string): RiskFlag | null =>
  source === 'tracking_script'
    ? riskFlag('unconfirmed_script_sale', 'Only the tracking script on your page reported this sale; no payment provider has confirmed it.', [conversionId])
    : null;
