import type { Decimal, Payout, PayoutStatus } from '../../domain/index.js';
import type { ManualPaymentQueries } from './manual-payment-queries.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

export interface PayoutFilter {
  readonly status?: PayoutStatus | undefined;
  readonly affiliateId?: string | undefined;
  readonly conversionId?: string | undefined;
  /** Only these rows, by id (UUIDs; an empty list matches none). */
  readonly ids?: readonly string[] | undefined;
  /** On `scheduledDate`: from inclusive, to exclusive. */
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
}

/** The payment a row went out in: the rows' sum, the clawbacks it netted and what was sent. */
export interface PaymentFigures {
  readonly id: string;
  readonly gross: Decimal;
  readonly bonus: Decimal;
  readonly clawback: Decimal;
  readonly amount: Decimal;
}

/** A listed row with its payment, once it has one. */
export type ListedPayout = Payout & { readonly payment: PaymentFigures | null };

/** `GET /payouts`: the tenant's rows, newest first; and what the manual path reads. */
export interface PayoutQueries extends ManualPaymentQueries {
  list(tenant: Tenant, filter: PayoutFilter, page: PageRequest): Promise<Page<ListedPayout>>;
}
