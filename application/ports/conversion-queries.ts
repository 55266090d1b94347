import type { StoredRiskFlag } from './risk-flag-store.js';
import type { Conversion, ConversionStatus } from '../../domain/index.js';
import type { Page, PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface ConversionFilters {
  readonly status?: ConversionStatus | undefined;
  readonly campaignId?: string | undefined;
  readonly affiliateId?: string | undefined;
  /** Inclusive lower bound on `createdAt`. */
  readonly from?: Date | undefined;
  /** Exclusive upper bound on `createdAt`. */
  readonly to?: Date | undefined;
  /** Only conversions after this one in the list's order (newest first): a cursor, so a long list is read page by page without an offset. */
  readonly after?: { readonly createdAt: Date; readonly id: string } | undefined;
  /** Only these conversions (lower-case UUIDs). */
  readonly ids?: readonly string[] | undefined;
}

export interface ConversionDetail {
  readonly conversion: Conversion;
  readonly campaignName: string;
  /** The flags risk signals left on it, oldest first. */
  readonly riskFlags: readonly StoredRiskFlag[];
}

/** Read side of conversions, newest first, always in one tenant (merchant and mode). */
export interface ConversionQueries {
  list(tenant: Tenant, filters: ConversionFilters, page: PageRequest): Promise<Page<Conversion>>;
  /** The same rows as `list`, without counting them all: whether another page follows. */
  browse(tenant: Tenant, filters: ConversionFilters, page: PageRequest): Promise<Slice<Conversion>>;
  get(tenant: Tenant, id: string): Promise<ConversionDetail | null>;
}
