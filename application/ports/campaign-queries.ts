import type { Campaign, CurrencyCode, CurrencyTotal, Decimal } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface CampaignCurrencyStats {
  readonly currency: CurrencyCode;
  readonly revenue: Decimal;
  readonly conversions: number;
}

/** What is counted on a campaign in the tenant's mode (counted conversions exclude rejected and refunded). */
export interface CampaignStats {
  readonly conversions: number;
  /** All currencies added as recorded (spec rule 5). */
  readonly revenue: Decimal;
  /** Ordered by currency code; never converted. */
  readonly byCurrency: readonly CampaignCurrencyStats[];
  /** Affiliates approved on the campaign, in the tenant's mode. */
  readonly affiliateCount: number;
}

export interface CampaignView {
  readonly campaign: Campaign;
  readonly stats: CampaignStats;
}

export interface RecentConversion {
  readonly id: string;
  readonly affiliateId: string;
  readonly orderId: string | null;
  readonly customerName: string | null;
  readonly amount: Decimal;
  readonly commission: Decimal;
  readonly currency: CurrencyCode;
  readonly status: string;
  readonly createdAt: Date;
}

/** A campaign's view with its newest conversions in the tenant's mode, newest first. */
export interface CampaignDetailData extends CampaignView {
  readonly recentConversions: readonly RecentConversion[];
}

export type SqlSortableCampaignField = 'createdAt' | 'name' | 'conversions';
export type SortDirection = 'asc' | 'desc';

export interface CampaignRevenue {
  readonly id: string;
  readonly createdAt: Date;
  readonly revenueByCurrency: readonly CurrencyTotal[];
}

/** Read side of campaigns with their statistics, all scoped to one tenant. */
export interface CampaignQueries {
  listPage(
    tenant: Tenant,
    page: PageRequest,
    sort: { readonly field: SqlSortableCampaignField; readonly direction: SortDirection },
  ): Promise<Page<CampaignView>>;
  /** Every campaign of the merchant with its revenue per currency (for ranking by converted revenue). */
  revenueOfAll(tenant: Tenant): Promise<readonly CampaignRevenue[]>;
  /** Views of the given campaigns, in the order of `ids`. */
  viewsOf(tenant: Tenant, ids: readonly string[]): Promise<readonly CampaignView[]>;
  /** The campaign's view and its `recentLimit` newest conversions, read together; null when not the merchant's. */
  detail(tenant: Tenant, campaignId: string, recentLimit: number): Promise<CampaignDetailData | null>;
}
