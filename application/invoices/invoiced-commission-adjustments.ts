import type { CommissionAdjustment, CurrencyCode, Decimal } from '../../domain/index.js';
import type { ClawbackTotal, ClawbackTotals, CommissionAdjustments } from '../ports/commission-adjustments.js';
import type { PayoutAdjustments } from '../ports/payout-adjustments.js';
import type { Tenant } from '../shared/tenant.js';
import type { IssueInvoices } from './issue-invoices.js';

/**
 * Every clawback, whatever records it (the merchant's refund, a provider's notification), is
 * followed in its transaction by the credit note to the invoice that paid the commission.
 */
export class InvoicedCommissionAdjustments implements CommissionAdjustments, PayoutAdjustments, ClawbackTotals {
  constructor(
    private readonly inner: CommissionAdjustments & PayoutAdjustments & ClawbackTotals,
    private readonly invoices: Pick<IssueInvoices, 'forClawback'>,
  ) {}

  async insert(adjustment: CommissionAdjustment): Promise<void> {
    await this.inner.insert(adjustment);
    await this.invoices.forClawback(adjustment, adjustment.createdAt);
  }

  refundedAfterPayout(conversionId: string): Promise<Decimal> {
    return this.inner.refundedAfterPayout(conversionId);
  }

  listForAffiliate(tenant: Tenant, affiliateId: string): Promise<readonly CommissionAdjustment[]> {
    return this.inner.listForAffiliate(tenant, affiliateId);
  }

  owed(tenant: Tenant, affiliateId: string, currency: CurrencyCode): Promise<Decimal> {
    return this.inner.owed(tenant, affiliateId, currency);
  }

  totals(tenant: Tenant, affiliateId: string): Promise<readonly ClawbackTotal[]> {
    return this.inner.totals(tenant, affiliateId);
  }
}
