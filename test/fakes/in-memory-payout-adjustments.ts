import type { PayoutAdjustments } from '../../application/ports/payout-adjustments.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type CurrencyCode, type Mode } from '../../domain/index.js';
import type { InMemoryPayoutPayments } from './in-memory-payout-payments.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

export interface Clawback {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly affiliateId: string;
  readonly currency: CurrencyCode;
  readonly amount: Decimal;
}

/**
 * What an affiliate owes back, as `SqlCommissionAdjustments` computes it: every clawback of the
 * tenant, affiliate and currency, less what payments that did not fail netted, never below zero.
 */
export class InMemoryPayoutAdjustments implements PayoutAdjustments {
  private readonly clawbacks: TransactionalTable<Clawback>;

  constructor(
    transactions: InMemoryTransactions,
    private readonly payments: InMemoryPayoutPayments,
  ) {
    this.clawbacks = new TransactionalTable(transactions);
  }

  /** A refund of a sale already paid (the refund use case writes it). */
  addClawback(clawback: Clawback): void {
    this.clawbacks.set(clawback.id, clawback);
  }

  async owed(tenant: Tenant, affiliateId: string, currency: CurrencyCode): Promise<Decimal> {
    const mine = (r: { merchantId: string; mode: Mode; affiliateId: string; currency: CurrencyCode }) =>
      r.merchantId === tenant.merchantId && r.mode === tenant.mode && r.affiliateId === affiliateId && r.currency === currency;
    const clawedBack = this.clawbacks.values().filter(mine).reduce((sum, c) => sum.plus(c.amount), new Decimal(0));
    const netted = this.payments
      .all()
      .filter((p) => mine(p) && p.status !== 'failed')
      .reduce((sum, p) => sum.plus(p.clawback), new Decimal(0));
    return Decimal.max(0, clawedBack.minus(netted));
  }
}
