import type { Tenant } from '../shared/tenant.js';

export interface ClickExportFilter {
  /** Inclusive. */
  readonly from?: Date | undefined;
  /** Exclusive. */
  readonly to?: Date | undefined;
  readonly campaignId?: string | undefined;
  readonly affiliateId?: string | undefined;
}

/** One click as the export writes it, with the names of its campaign and affiliate. */
export interface ExportedClick {
  readonly id: string;
  readonly createdAt: Date;
  readonly campaignId: string;
  readonly campaignName: string;
  readonly affiliateId: string;
  readonly affiliateName: string;
  readonly affiliateEmail: string;
  readonly landingUrl: string | null;
  readonly referrer: string | null;
}

/** The tenant's clicks, newest first, a page after the row `after` at a time (keyset, so a million rows read as cheaply as the first). */
export interface ClickExport {
  page(tenant: Tenant, filter: ClickExportFilter, after: { readonly createdAt: Date; readonly id: string } | null, limit: number): Promise<{ items: readonly ExportedClick[]; hasMore: boolean }>;
}
