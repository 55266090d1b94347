import type { CurrencyCode, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

export interface CampaignDay {
  /** `YYYY-MM-DD` (UTC). */
  readonly day: string;
  readonly clicks: number;
  readonly conversions: number;
}

export interface CampaignTopAffiliate {
  readonly affiliateId: string;
  readonly name: string;
  readonly email: string;
  readonly conversions: number;
  readonly clicks: number;
  /** Per currency, never converted. */
  readonly commissions: readonly { readonly currency: CurrencyCode; readonly amount: Decimal }[];
}

/** One campaign's clicks and counted conversions over `[from, to)`, in the tenant's mode. */
export interface CampaignPerformanceQueries {
  /** Only the days with any click or conversion. */
  days(tenant: Tenant, campaignId: string, from: Date, to: Date): Promise<readonly CampaignDay[]>;
  totals(tenant: Tenant, campaignId: string, from: Date, to: Date): Promise<{ readonly clicks: number; readonly conversions: number }>;
  /** By counted conversions, then clicks. */
  topAffiliates(tenant: Tenant, campaignId: string, from: Date, to: Date, limit: number): Promise<readonly CampaignTopAffiliate[]>;
}
