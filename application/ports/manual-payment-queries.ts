import type { Award, CurrencyCode, Payout, PayoutMethod } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

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

/** What the manual path (`ManualPayouts`) reads: the tenant's due lines of one method and currency, and an affiliate's saved method. */
export interface ManualPaymentQueries {
  /** Due rows (`scheduled`, `awaiting_funds`, `failed`) of affiliates whose payout method is `method`, in `currency`, by affiliate name, affiliate and row. */
  dueForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualPayoutRow[]>;
  /** Due team bonus awards (`approved`, `failed`; none in flight) of affiliates whose payout method is `method`, in `currency`, by affiliate name, affiliate and award. */
  dueAwardsForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualAwardRow[]>;
  /** The affiliate's saved payout method; null when none is saved or the affiliate is not in the tenant. */
  payoutMethodOf(tenant: Tenant, affiliateId: string): Promise<PayoutMethod | null>;
}
