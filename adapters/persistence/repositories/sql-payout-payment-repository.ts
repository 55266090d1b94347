import { sql } from 'kysely';
import type { PayoutPaymentRepository } from '../../../application/ports/payout-payment-repository.js';
import { Decimal, type CurrencyCode, type Mode, type PayoutMethod, type PayoutPayment } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';
import { columnList } from '../schema/columns.js';

type PaymentRow = Row<'payout_payments'>;

const COLUMNS = columnList<PaymentRow>()([
  'id', 'merchant_id', 'mode', 'affiliate_id', 'method', 'currency', 'gross', 'bonus', 'clawback', 'amount', 'destination', 'status',
  'provider_reference', 'card_payment_id', 'failure_reason', 'retryable', 'created_at', 'updated_at',
]);

const fromRow = (r: PaymentRow): PayoutPayment => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  affiliateId: r.affiliate_id,
  method: r.method as PayoutMethod,
  currency: r.currency as CurrencyCode,
  gross: new Decimal(r.gross),
  bonus: new Decimal(r.bonus),
  clawback: new Decimal(r.clawback),
  amount: new Decimal(r.amount),
  destination: r.destination,
  status: r.status as PayoutPayment['status'],
  providerReference: r.provider_reference,
  cardPaymentId: r.card_payment_id,
  failureReason: r.failure_reason,
  retryable: r.retryable,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

const values = (p: PayoutPayment): unknown[] => [
  p.id, p.merchantId, p.mode, p.affiliateId, p.method, p.currency, p.gross.toFixed(), p.bonus.toFixed(), p.clawback.toFixed(), p.amount.toFixed(), p.destination,
  p.status, p.providerReference, p.cardPaymentId, p.failureReason, p.retryable, p.createdAt, p.updatedAt,
];

/** `payout_payments` in plain SQL, in the caller's transaction. */
export class SqlPayoutPaymentRepository implements PayoutPaymentRepository {
  constructor(private readonly orm: Orm) {}

  async insert(payment: PayoutPayment): Promise<void> {
    await sql`insert into payout_payments (${sql.raw(COLUMNS.join(', '))}) values (${sql.join(values(payment))})`.execute(currentDb(this.orm));
  }

  async update(payment: PayoutPayment): Promise<void> {
    await sql`update payout_payments set status = ${payment.status}, provider_reference = ${payment.providerReference}, card_payment_id = ${payment.cardPaymentId},
        failure_reason = ${payment.failureReason}, retryable = ${payment.retryable}, updated_at = ${payment.updatedAt}
      where id = ${payment.id}`.execute(currentDb(this.orm));
  }

  async findById(id: string): Promise<PayoutPayment | null> {
    const {
      rows: [row],
    } = await sql<PaymentRow>`select ${sql.raw(COLUMNS.join(', '))} from payout_payments where id = ${id}`.execute(currentDb(this.orm));
    return row ? fromRow(row) : null;
  }
}
