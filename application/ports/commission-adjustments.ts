import type { CommissionAdjustment, AdjustmentApplication, CurrencyCode, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Commission owed back after a refund of a paid sale (`CommissionAdjustment`), and what payouts
 * netted from it. Calls join the caller's transaction.
 */
export interface CommissionAdjustments {
  insert(adjustment: CommissionAdjustment): Promise<void>;
  /** The sale refunded after payout so far (sum of `refundedSale`), for the next clawback's base. */
  refundedAfterPayout(conversionId: string): Promise<Decimal>;
  /** The affiliate's adjustments with something left in `currency`, oldest first, locked. */
  openForUpdate(tenant: Tenant, affiliateId: string, currency: CurrencyCode): Promise<readonly CommissionAdjustment[]>;
  /** Records what a payout netted and lowers the adjustments' `remaining` by it. */
  applyToPayout(payoutId: string, applications: readonly AdjustmentApplication[]): Promise<void>;
  /** Every adjustment of an affiliate (newest first), for its earnings. */
  listForAffiliate(tenant: Tenant, affiliateId: string): Promise<readonly CommissionAdjustment[]>;
}
