import type { Payout, PayoutStatus } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface PayoutFilter {
  readonly status?: PayoutStatus | undefined;
  readonly affiliateId?: string | undefined;
  readonly conversionId?: string | undefined;
  /** On `scheduledDate`: from inclusive, to exclusive. */
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
}

/** `GET /payouts`: the tenant's rows, newest first. */
export interface PayoutQueries {
  list(tenant: Tenant, filter: PayoutFilter, page: PageRequest): Promise<Page<Payout>>;
}
