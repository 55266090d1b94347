import type { CommissionAdjustment, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Commission owed back after a refund of a paid sale (`CommissionAdjustment`). Payments net what is
 * owed through the `PayoutAdjustments` port, read from the same records. Calls join the caller's
 * transaction.
 */
export interface CommissionAdjustments {
  insert(adjustment: CommissionAdjustment): Promise<void>;
  /** The sale refunded after payout so far (sum of `refundedSale`), for the next clawback's base. */
  refundedAfterPayout(conversionId: string): Promise<Decimal>;
  /** Every adjustment of an affiliate (newest first), for its earnings. */
  listForAffiliate(tenant: Tenant, affiliateId: string): Promise<readonly CommissionAdjustment[]>;
}
