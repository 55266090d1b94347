import type { CommissionAdjustment, CurrencyCode, Decimal } from '../../domain/index.js';
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
  /** Every adjustment of an affiliate (newest first). */
  listForAffiliate(tenant: Tenant, affiliateId: string): Promise<readonly CommissionAdjustment[]>;
}

/** An affiliate's clawbacks in one currency: taken back in all, and still owed (not netted yet). */
export interface ClawbackTotal {
  readonly currency: CurrencyCode;
  readonly clawedBack: Decimal;
  readonly owed: Decimal;
}

/** What the affiliate's earnings show of clawbacks. */
export interface ClawbackTotals {
  totals(tenant: Tenant, affiliateId: string): Promise<readonly ClawbackTotal[]>;
}
