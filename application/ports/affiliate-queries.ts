import type { Affiliate, CurrencyCode, Decimal } from '../../domain/index.js';
import type { MembershipStatus } from '../../domain/affiliate/membership.js';
import type { Page, PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import type { SortDirection } from './campaign-queries.js';

/** One affiliate-campaign membership with what a list row shows. */
export interface AffiliateMembershipRow {
  readonly affiliate: Affiliate;
  readonly merchantId: string;
  readonly campaignId: string;
  readonly campaignName: string;
  readonly campaignTrackingCode: string;
  readonly status: MembershipStatus;
  readonly joinedAt: Date;
}

export const AFFILIATE_SORT_FIELDS = ['name', 'email', 'joinedAt', 'status', 'campaignName'] as const;
export type AffiliateSortField = (typeof AFFILIATE_SORT_FIELDS)[number];

export interface AffiliateListFilter {
  readonly campaignId?: string | undefined;
  /** Rejected memberships are never listed. */
  readonly status?: 'approved' | 'pending' | 'suspended' | undefined;
  /** Only affiliates carrying this tag (case-insensitive). */
  readonly tag?: string | undefined;
  /** Only memberships that began in `[joinedFrom, joinedTo)`. */
  readonly joinedFrom?: Date | undefined;
  readonly joinedTo?: Date | undefined;
}

export interface AffiliateEarningsByCurrency {
  readonly currency: CurrencyCode;
  readonly revenue: Decimal;
  readonly commissions: Decimal;
  readonly conversions: number;
}

export interface AffiliateDetailData {
  readonly affiliate: Affiliate;
  /** Every membership with the tenant's merchant, rejected ones included, oldest first. */
  readonly campaigns: readonly { campaignId: string; campaignName: string; status: MembershipStatus; joinedAt: Date }[];
  /** Counted conversions with the tenant's merchant in the tenant's mode, by currency. */
  readonly byCurrency: readonly AffiliateEarningsByCurrency[];
  /** Distinct visitor fingerprints among the affiliate's clicks on the tenant's campaigns. */
  readonly uniqueClicks: number;
}

export interface AffiliateQueries {
  listPage(
    tenant: Tenant,
    filter: AffiliateListFilter,
    sort: { readonly field: AffiliateSortField; readonly direction: SortDirection },
    page: PageRequest,
  ): Promise<Page<AffiliateMembershipRow>>;
  /** The same rows as `listPage`, without counting them all: whether another page follows. */
  browsePage(
    tenant: Tenant,
    filter: AffiliateListFilter,
    sort: { readonly field: AffiliateSortField; readonly direction: SortDirection },
    page: PageRequest,
  ): Promise<Slice<AffiliateMembershipRow>>;
  row(tenant: Tenant, affiliateId: string, campaignId: string): Promise<AffiliateMembershipRow | null>;
  /** The affiliate's oldest membership, found by id alone (operator responses, which are not tenant-scoped). */
  firstRowAcrossMerchants(affiliateId: string): Promise<AffiliateMembershipRow | null>;
  detail(tenant: Tenant, affiliateId: string): Promise<AffiliateDetailData | null>;
}
