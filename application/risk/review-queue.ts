import type { Conversion } from '../../domain/index.js';
import type { ConversionQueries } from '../ports/conversion-queries.js';
import type { ReviewFilters, ReviewRow, RiskReviewQueries } from '../ports/risk-review-queries.js';
import type { RiskFlagStore, StoredRiskFlag } from '../ports/risk-flag-store.js';
import type { PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** An item of review with what the signals found; a conversion with its sale. */
export type ReviewItem = ReviewRow & { readonly flags: readonly StoredRiskFlag[] } & ({ readonly kind: 'conversion'; readonly conversion: Conversion } | { readonly kind: 'affiliate' });

/**
 * The dashboard's review queue: flagged or held conversions and flagged affiliates, newest first,
 * each with its flags, read in three statements whatever the page's length.
 */
export class ReviewQueue {
  constructor(
    private readonly queries: RiskReviewQueries,
    private readonly flags: RiskFlagStore,
    private readonly conversions: ConversionQueries,
  ) {}

  async list(tenant: Tenant, filters: ReviewFilters, page: PageRequest): Promise<Slice<ReviewItem>> {
    const slice = await this.queries.list(tenant, filters, page);
    const ids = (kind: ReviewRow['kind']) => slice.items.filter((r) => r.kind === kind).map((r) => r.id);
    const [conversionFlags, affiliateFlags, sales] = await Promise.all([
      this.flags.forSubjects(tenant, 'conversion', ids('conversion')),
      this.flags.forSubjects(tenant, 'affiliate', ids('affiliate')),
      ids('conversion').length > 0 ? this.conversions.list(tenant, { ids: ids('conversion') }, { page: 1, limit: ids('conversion').length }) : { items: [] },
    ]);
    const byId = new Map(sales.items.map((c) => [c.id, c]));
    const items = slice.items.flatMap((row): ReviewItem[] => {
      if (row.kind === 'affiliate') return [{ ...row, kind: 'affiliate', flags: affiliateFlags.get(row.id) ?? [] }];
      const conversion = byId.get(row.id);
      return conversion ? [{ ...row, kind: 'conversion', conversion, flags: conversionFlags.get(row.id) ?? [] }] : [];
    });
    return { ...slice, items };
  }

  openCount(tenant: Tenant): Promise<number> {
    return this.queries.openCount(tenant);
  }
}
