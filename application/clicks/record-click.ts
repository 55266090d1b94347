import { err, ok, type Result } from 'neverthrow';
import { countsAsClick, domainError, type DomainError } from '../../domain/index.js';
import type { ClickRepository } from '../ports/click-repository.js';
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
  /** Where to send the visitor (empty for the tracking script's clicks of a campaign without a target URL). */
  readonly location: string;
  /** The recorded click, also passed on to the target as `click_id`; null when the visit did not count. */
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
 * approved on it and the visit counts) and sends the visitor to the campaign's `targetUrl`, with the
 * click id added when one was recorded. A visit that does not count still goes to the target. A
 * campaign without a target URL has nowhere to send anyone: 404, and no click is recorded.
 */
export class RecordClick {
  constructor(
    private readonly clicks: ClickRepository,
    private readonly fingerprint: VisitorFingerprint,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: VisitInput): Promise<Result<Visit, DomainError>> {
    const trackingCode = input.trackingCode.toLowerCase();
    const refCode = input.refCode.toLowerCase();
    if (!CODE.test(trackingCode) || !CODE.test(refCode)) return err(notFound('Tracking link'));
    const link = await this.clicks.resolve(trackingCode, refCode);
    if (!link) return err(notFound('Tracking link'));
    const { campaign, merchant, affiliate } = link;
    if (input.tenant && (merchant.id !== input.tenant.merchantId || (affiliate?.isTest ? 'test' : 'live') !== input.tenant.mode)) return err(notFound('Tracking link'));
    const target = campaign.targetUrl;
    // The tracking script registers clicks of visitors already on the merchant's page: no target needed.
    if (!target && !input.tenant) return err(domainError('not_found', 'This campaign has no target URL to send visitors to'));
    const now = this.clock.now();
    const visit = { attributionWindowDays: campaign.attributionWindowDays, createdAt: now };
    if (!input.counts || !affiliate || !countsAsClick(campaign.status, link.membershipStatus)) return ok({ location: target ?? '', clickId: null, ...visit });
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
    this.clicks.record(click);
    return ok({ location: target ? withClickId(target, click.id) : '', clickId: click.id, ...visit });
  }
}
