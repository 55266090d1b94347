import type { RiskSignal, RiskSubject } from '../../domain/index.js';
import type { PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Where an item of review stands. A conversion: `open` while held, or flagged and still pending.
 * An affiliate: `banned`, or `open` while it keeps a pending or approved membership no one decided
 * on since it was flagged. Anything else was `decided`.
 */
export const REVIEW_STATES = ['open', 'decided', 'banned'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export interface ReviewFilters {
  readonly signal?: RiskSignal | undefined;
  readonly kind?: RiskSubject | undefined;
  /** `held`: held conversions only. */
  readonly state?: ReviewState | 'held' | undefined;
}

/** One item of the queue: a flagged or held conversion, or a flagged affiliate. */
export interface ReviewRow {
  readonly kind: RiskSubject;
  readonly id: string;
  /** A conversion's time of sale; an affiliate's first flag. */
  readonly at: Date;
  readonly state: ReviewState;
}

/** The review queue of a tenant, newest first. */
export interface RiskReviewQueries {
  list(tenant: Tenant, filters: ReviewFilters, page: PageRequest): Promise<Slice<ReviewRow>>;
  /** How many items are `open`: the dashboard counts them on every page, so one cheap statement. */
  openCount(tenant: Tenant): Promise<number>;
}
