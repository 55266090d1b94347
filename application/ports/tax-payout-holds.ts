import type { DatedAmount, TaxDetailsRequirement } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** What the tax-details payout rule reads and moves: the merchant's setting, a year's payments, the rows it holds. */
export interface TaxPayoutHolds {
  /** The setting of the tenant; `off` when never set. */
  requirement(tenant: Tenant): Promise<TaxDetailsRequirement>;
  saveRequirement(tenant: Tenant, requirement: TaxDetailsRequirement, now: Date): Promise<void>;
  /** The affiliate's completed payments of the calendar year (UTC), each dated by its completion day. */
  paidInYear(tenant: Tenant, affiliateId: string, year: number): Promise<readonly DatedAmount[]>;
  /** Every affiliate's completed payments of the calendar year (UTC), for the year-end summary. */
  yearPayments(tenant: Tenant, year: number): Promise<readonly (DatedAmount & { readonly affiliateId: string })[]>;
  /** How many of the affiliate's rows are held for `reason`. */
  heldCount(merchantId: string, affiliateId: string, reason: string): Promise<number>;
  /** Rows held for `reason` become due at `now` (details arrived). Returns how many. */
  releaseHeld(merchantId: string, affiliateId: string, reason: string, now: Date): Promise<number>;
}
