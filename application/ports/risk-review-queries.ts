import type { ConversionSource, ConversionStatus, Decimal, RiskSignal, RiskSubject } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** A conversion's status, or an affiliate's standing in review: `flagged`, or `banned` at the merchant. */
export type RiskReviewStatus = ConversionStatus | 'flagged' | 'banned';

export const RISK_REVIEW_STATUSES = ['pending', 'held', 'approved', 'rejected', 'paid', 'refunded', 'flagged', 'banned'] as const satisfies readonly RiskReviewStatus[];

export interface RiskReviewFilter {
  readonly kind?: RiskSubject | undefined;
  /** Subjects with a current flag of this signal. */
  readonly signal?: RiskSignal | undefined;
  readonly status?: RiskReviewStatus | undefined;
  /** Only what waits for a person, as `openCounts` counts it (the dashboard's default view). */
  readonly open?: boolean | undefined;
}

/** One subject of review, before its flags are attached. */
export interface RiskReviewRow {
  readonly kind: RiskSubject;
  readonly id: string;
  readonly status: RiskReviewStatus;
  readonly affiliateId: string;
  readonly affiliateName: string;
  readonly affiliateEmail: string;
  /** Conversions only (null for affiliates), as are the figures below. */
  readonly campaignId: string | null;
  readonly campaignName: string | null;
  readonly amount: Decimal | null;
  readonly commission: Decimal | null;
  readonly currency: string | null;
  readonly source: ConversionSource | null;
  readonly createdAt: Date;
  /** When the newest flag was raised (a held sale without flags: when it was held; a banned affiliate without flags: the ban). */
  readonly flaggedAt: Date;
}

/** What waits for a person, for the navigation's counts: open sales (pending or held) and affiliates flagged but not banned. */
export interface RiskReviewCounts {
  readonly conversions: number;
  readonly affiliates: number;
}

/**
 * The review queue: flagged or held conversions and flagged or banned affiliates of one tenant,
 * newest first.
 */
export interface RiskReviewQueries {
  page(tenant: Tenant, filter: RiskReviewFilter, page: PageRequest): Promise<Page<RiskReviewRow>>;
  openCounts(tenant: Tenant): Promise<RiskReviewCounts>;
}
