import { err, ok, type Result } from 'neverthrow';
import { countsAsClick, oldRefCodeOf, visitorDestination, type DomainError, type VisitorDestination } from '../../domain/index.js';
import type { TrackingLinks } from '../affiliates/tracking-links.js';
import type { ResolvedTrackingLink } from '../ports/click-repository.js';
import type { ClickRepository } from '../ports/click-repository.js';
import type { ClickTokens } from '../ports/click-tokens.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { VisitorFingerprint } from '../ports/visitor-fingerprint.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

export interface VisitInput {
  readonly trackingCode: string;
  readonly refCode: string;
  readonly address: string | null;
  readonly userAgent: string | null;
  /** Whether this visit may count as a click (false when the visitor follows links faster than a person can). */
  readonly counts: boolean;
  /** The URL the visitor landed on and the page that sent them (risk signals read ad click ids and referrers). */
  readonly landingUrl?: string | null;
  readonly referrer?: string | null;
  /** When set, a link of another merchant or mode is unknown here (the tracking script registers its own merchant's clicks). */
  readonly tenant?: Tenant;
}

export interface Visit {
  /** Where to send the visitor: the campaign's target, else the merchant's website, else the affiliate portal. */
  readonly location: string;
  /** The recorded click's signed id, also passed on to the target as `click_id`; null when the visit did not count. */
  readonly clickId: string | null;
  /** How long the click attributes sales: its campaign's attribution window. */
  readonly attributionWindowDays: number;
  readonly createdAt: Date;
}

/** The query parameter that carries the click id to the merchant's page (it sends it back as `clickId`). */
export const CLICK_ID_PARAM = 'click_id';

const CODE = /^[a-z0-9]{1,32}$/;

const withClickId = (target: string, clickId: string): string => {
  const url = new URL(target);
  url.searchParams.set(CLICK_ID_PARAM, clickId);
  return url.toString();
};

/**
 * `GET /r/:trackingCode/:refCode`: records a click (when the campaign is active, the affiliate
 * approved on it and the visit counts) and sends the visitor on (`visitorDestination`): to the
 * campaign's `targetUrl`, else the merchant's `websiteUrl`, else the campaign's page in the affiliate
 * portal (or the portal's home for a campaign it does not show), with the click id added when one was
 * recorded. A visit that does not count goes to the same place. The click id handed out is signed
 * (`ClickTokens`): it attributes a sale at once, in any process, before or without its row, which is
 * written in a batch.
 */
export class RecordClick {
  constructor(
    private readonly clicks: ClickRepository,
    private readonly fingerprint: VisitorFingerprint,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly tokens: ClickTokens,
    /** The affiliate portal's address (the merchant's own domain where it has one). */
    private readonly links: Pick<TrackingLinks, 'portalBase'>,
  ) {}

  async execute(input: VisitInput): Promise<Result<Visit, DomainError>> {
    const trackingCode = input.trackingCode.toLowerCase();
    const refCode = input.refCode.toLowerCase();
    // An imported affiliate's old code (`jb-007`) is looked up too, so its old links keep attributing.
    if (!CODE.test(trackingCode) || (!CODE.test(refCode) && oldRefCodeOf(refCode) === null)) return err(notFound('Tracking link'));
    const link = await this.clicks.resolve(trackingCode, refCode);
    if (!link) return err(notFound('Tracking link'));
    const { campaign, merchant, affiliate } = link;
    if (input.tenant && (merchant.id !== input.tenant.merchantId || (affiliate?.isTest ? 'test' : 'live') !== input.tenant.mode)) return err(notFound('Tracking link'));
    const destination = visitorDestination(campaign, merchant.websiteUrl);
    const target = this.location(merchant, destination);
    const now = this.clock.now();
    const visit = { attributionWindowDays: campaign.attributionWindowDays, createdAt: now };
    if (!input.counts || !affiliate || !countsAsClick(campaign.status, link.membershipStatus)) return ok({ location: target, clickId: null, ...visit });
    const click = {
      id: this.ids.next(),
      merchantId: merchant.id,
      mode: affiliate.isTest ? ('test' as const) : ('live' as const),
      campaignId: campaign.id,
      affiliateId: affiliate.id,
      visitorHash: await this.fingerprint.of(input.address, input.userAgent),
      createdAt: now,
      landingUrl: input.landingUrl?.slice(0, 2048) ?? null,
      referrer: input.referrer?.slice(0, 2048) ?? null,
      // The address alone, salted like the fingerprint: `customer_matches_affiliate` compares it with the affiliate's own sessions.
      addressHash: input.address === null ? null : await this.fingerprint.of(input.address, null),
    };
    const clickId = await this.tokens.issue({ clickRowId: click.id, merchantId: click.merchantId, mode: click.mode, campaignId: click.campaignId, affiliateId: click.affiliateId, issuedAt: now });
    this.clicks.record(click);
    return ok({ location: withClickId(target, clickId), clickId, ...visit });
  }

  private location(merchant: ResolvedTrackingLink['merchant'], destination: VisitorDestination): string {
    if (destination.kind === 'url') return destination.url;
    const portal = this.links.portalBase(merchant);
    return destination.kind === 'portal_campaign' ? `${portal}/c/${destination.trackingCode}` : `${portal}/`;
  }

}
