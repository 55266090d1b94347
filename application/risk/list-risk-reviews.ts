import type { AffiliateBan } from '../../domain/index.js';
import type { AffiliateBanStore } from '../ports/affiliate-ban-store.js';
import type { RiskFlagStore, StoredRiskFlag } from '../ports/risk-flag-store.js';
import type { RiskReviewCounts, RiskReviewFilter, RiskReviewQueries, RiskReviewRow } from '../ports/risk-review-queries.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** A subject of review with each flag in words and its evidence, and the ban of a banned affiliate. */
export interface RiskReviewItem extends RiskReviewRow {
  readonly flags: readonly StoredRiskFlag[];
  readonly ban: AffiliateBan | null;
}

/**
 * `GET /risk/reviews` and the dashboard's Review page: flagged or held conversions and flagged or
 * banned affiliates, newest first, each with its flags (message and evidence) read in one go per kind.
 */
export class ListRiskReviews {
  constructor(
    private readonly queries: RiskReviewQueries,
    private readonly flags: RiskFlagStore,
    private readonly bans: AffiliateBanStore,
  ) {}

  async execute(tenant: Tenant, filter: RiskReviewFilter, page: PageRequest): Promise<Page<RiskReviewItem>> {
    const found = await this.queries.page(tenant, filter, page);
    const idsOf = (kind: RiskReviewRow['kind']) => found.items.filter((r) => r.kind === kind).map((r) => r.id);
    // One after the other: inside a request's transaction the reads share one connection.
    const conversionFlags = await this.flags.forSubjects(tenant, 'conversion', idsOf('conversion'));
    const affiliateFlags = await this.flags.forSubjects(tenant, 'affiliate', idsOf('affiliate'));
    const bans = await this.bans.findMany(tenant, idsOf('affiliate'));
    return {
      ...found,
      items: found.items.map((row) => ({
        ...row,
        flags: (row.kind === 'conversion' ? conversionFlags : affiliateFlags).get(row.id) ?? [],
        ban: row.kind === 'affiliate' ? (bans.get(row.id) ?? null) : null,
      })),
    };
  }

  /** What waits for a person: the navigation's counts. */
  counts(tenant: Tenant): Promise<RiskReviewCounts> {
    return this.queries.openCounts(tenant);
  }
}
