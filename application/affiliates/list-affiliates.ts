import { err, ok, type Result } from 'neverthrow';
import type { DomainError, Merchant } from '../../domain/index.js';
import type { AffiliateListFilter, AffiliateQueries, AffiliateSortField } from '../ports/affiliate-queries.js';
import type { SortDirection } from '../ports/campaign-queries.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import { notFound } from '../shared/errors.js';
import type { Page, PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import { withTrackingLink, type AffiliateListItem, type TrackingLinks } from './tracking-links.js';

export interface ListAffiliatesInput {
  readonly tenant: Tenant;
  readonly merchant: Pick<Merchant, 'plan' | 'customDomain'>;
  readonly filter: AffiliateListFilter;
  readonly sort: { readonly field: AffiliateSortField; readonly direction: SortDirection };
  readonly page: PageRequest;
}

/** `GET /affiliates`: one row per pending or approved membership in the tenant's mode. */
export class ListAffiliates {
  constructor(
    private readonly queries: AffiliateQueries,
    private readonly campaigns: CampaignRepository,
    private readonly links: TrackingLinks,
  ) {}

  async execute(input: ListAffiliatesInput): Promise<Result<Page<AffiliateListItem>, DomainError>> {
    const refused = await this.campaignRefusal(input);
    if (refused) return err(refused);
    const page = await this.queries.listPage(input.tenant, input.filter, input.sort, input.page);
    return ok({ ...page, items: page.items.map((row) => withTrackingLink(row, input.merchant, this.links)) });
  }

  /** The same rows without their total (the dashboard's pager only needs to know whether more follow). */
  async browse(input: ListAffiliatesInput): Promise<Result<Slice<AffiliateListItem>, DomainError>> {
    const refused = await this.campaignRefusal(input);
    if (refused) return err(refused);
    const slice = await this.queries.browsePage(input.tenant, input.filter, input.sort, input.page);
    return ok({ ...slice, items: slice.items.map((row) => withTrackingLink(row, input.merchant, this.links)) });
  }

  // Filtering on a campaign that is not the merchant's is a 404, as everywhere else.
  private async campaignRefusal({ tenant, filter }: ListAffiliatesInput): Promise<DomainError | null> {
    if (filter.campaignId !== undefined && !(await this.campaigns.findById(tenant, filter.campaignId))) return notFound('Campaign');
    return null;
  }
}
