import type { PayoutPaymentRepository } from '../../application/ports/payout-payment-repository.js';
import type { PayoutPayment } from '../../domain/index.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

/**
 * Payments in memory. As the SQL table: an id inserted twice is refused (primary key), and an update
 * changes only the provider's answer (status, reference, failure, time); what was sent never changes.
 */
export class InMemoryPayoutPayments implements PayoutPaymentRepository {
  private readonly rows: TransactionalTable<PayoutPayment>;

  constructor(transactions: InMemoryTransactions) {
    this.rows = new TransactionalTable(transactions);
  }

  /** Every payment (a test's view of the table). */
  all(): PayoutPayment[] {
    return this.rows.values();
  }

  async insert(payment: PayoutPayment): Promise<void> {
    if (this.rows.has(payment.id)) throw new Error(`payout_payments: duplicate key ${payment.id}`);
    this.rows.set(payment.id, payment);
  }

  async update(payment: PayoutPayment): Promise<void> {
    const stored = this.rows.get(payment.id);
    if (!stored) return;
    const { status, providerReference, cardPaymentId, failureReason, retryable, updatedAt } = payment;
    this.rows.set(payment.id, { ...stored, status, providerReference, cardPaymentId, failureReason, retryable, updatedAt });
  }

  async findById(id: string): Promise<PayoutPayment | null> {
    return this.rows.get(id) ?? null;
  }
}
