import type { Award, CurrencyCode, Decimal, Payout, PayoutMethod, PayoutStatus } from '../../domain/index.js';
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

/** A due row with what a batch file needs about its affiliate. */
export interface ManualPayoutRow {
  readonly payout: Payout;
  readonly affiliateName: string;
  readonly affiliateEmail: string;
  readonly payoutEmail: string | null;
}

/** A due team bonus award (approved, or failed at the provider) with what a batch file needs about its affiliate. */
export interface ManualAwardRow {
  readonly award: Award;
  readonly affiliateName: string;
  readonly affiliateEmail: string;
  readonly payoutEmail: string | null;
}

/** `GET /payouts`: the tenant's rows, newest first. */
export interface PayoutQueries {
  list(tenant: Tenant, filter: PayoutFilter, page: PageRequest): Promise<Page<ListedPayout>>;
  /** Due rows (`scheduled`, `awaiting_funds`, `failed`) of affiliates whose payout method is `method`, in `currency`, by affiliate. */
  dueForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualPayoutRow[]>;
  /** Due team bonus awards (`approved`, `failed`; none in flight) of affiliates whose payout method is `method`, in `currency`. */
  dueAwardsForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualAwardRow[]>;
  payoutMethodOf(tenant: Tenant, affiliateId: string): Promise<PayoutMethod | null>;
}
