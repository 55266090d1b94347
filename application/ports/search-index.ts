import type { ConversionStatus, CurrencyCode, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

export interface CampaignMatch {
  readonly id: string;
  readonly name: string;
}

export interface AffiliateMatch {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface CouponMatch {
  readonly id: string;
  readonly code: string;
  readonly provider: string;
}

export interface ConversionMatch {
  readonly id: string;
  readonly orderId: string | null;
  readonly customerName: string | null;
  readonly customerEmail: string | null;
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  readonly status: ConversionStatus;
}

/**
 * Case-insensitive substring search over one tenant's records, newest first, at most `limit` per
 * category. `text` is at least 2 characters and holds no control characters.
 */
export interface SearchIndex {
  /** Campaign names (campaigns are the merchant's, visible to both modes). */
  campaigns(tenant: Tenant, text: string, limit: number): Promise<readonly CampaignMatch[]>;
  /** Affiliate names and emails, among affiliates with a membership with the merchant in the tenant's mode. */
  affiliates(tenant: Tenant, text: string, limit: number): Promise<readonly AffiliateMatch[]>;
  /** Codes of coupons that are not deleted. */
  coupons(tenant: Tenant, text: string, limit: number): Promise<readonly CouponMatch[]>;
  /** Conversion order ids, customer names and customer emails. */
  conversions(tenant: Tenant, text: string, limit: number): Promise<readonly ConversionMatch[]>;
}
