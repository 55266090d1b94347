import { convertedTotal, dayOf } from '../../domain/index.js';
import type { CampaignQueries, CampaignView, SortDirection } from '../ports/campaign-queries.js';
import type { Clock } from '../ports/clock.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import { offsetOf, type Page, type PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import type { CampaignSortField } from './campaign-stats.js';

export interface CampaignSort {
  readonly field: CampaignSortField;
  readonly direction: SortDirection;
}

const compareCreated = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `GET /campaigns`. Sorting by revenue compares currencies at the day's exchange rate (the latest
 * rate on or before the service clock's day); the figures returned stay per currency, unconverted.
 */
export class ListCampaigns {
  constructor(
    private readonly queries: CampaignQueries,
    private readonly rates: ExchangeRates,
    private readonly clock: Clock,
  ) {}

  async execute(tenant: Tenant, page: PageRequest, sort: CampaignSort): Promise<Page<CampaignView>> {
    if (sort.field !== 'revenue') return this.queries.listPage(tenant, page, { field: sort.field, direction: sort.direction });
    const [all, table] = await Promise.all([this.queries.revenueOfAll(tenant), this.rates.tableFor(dayOf(this.clock.now()))]);
    const sign = sort.direction === 'asc' ? 1 : -1;
    const ranked = all
      .map((c) => ({ ...c, usd: convertedTotal(c.revenueByCurrency, table) }))
      // Ties (equal converted revenue) fall back to the default order, newest first.
      .sort((a, b) => sign * a.usd.comparedTo(b.usd) || -compareCreated(a, b));
    const ids = ranked.slice(offsetOf(page), offsetOf(page) + page.limit).map((c) => c.id);
    const items = await this.queries.viewsOf(tenant, ids);
    return { items, page: page.page, limit: page.limit, total: all.length };
  }
}
