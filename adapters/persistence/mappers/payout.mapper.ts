import { Decimal, type CurrencyCode, type Mode, type Payout, type PayoutMethod, type PayoutStatus } from '../../../domain/index.js';
import type { Row } from '../schema/index.js';
import { columnList } from '../schema/columns.js';
import { dateOrNull } from './timestamps.js';

/** A payouts row as SQL returns it (snake_case; numerics as strings). */
export type PayoutRow = Omit<Row<'payouts'>, 'version'>;

export const PAYOUT_COLUMNS = columnList<PayoutRow>()([
  'id',
  'merchant_id',
  'mode',
  'conversion_id',
  'campaign_id',
  'affiliate_id',
  'amount',
  'currency',
  'status',
  'scheduled_date',
  'attempts',
  'failed_attempts',
  'last_attempt_at',
  'completed_at',
  'payout_method',
  'provider_reference',
  'card_payment_id',
  'payment_id',
  'next_check_at',
  'failure_reason',
  'created_at',
  'updated_at',
]);

export const payoutFromRow = (r: PayoutRow): Payout => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  conversionId: r.conversion_id,
  campaignId: r.campaign_id,
  affiliateId: r.affiliate_id,
  amount: new Decimal(r.amount),
  currency: r.currency as CurrencyCode,
  status: r.status as PayoutStatus,
  scheduledDate: new Date(r.scheduled_date),
  attempts: Number(r.attempts),
  failedAttempts: Number(r.failed_attempts),
  lastAttemptAt: dateOrNull(r.last_attempt_at),
  completedAt: dateOrNull(r.completed_at),
  payoutMethod: r.payout_method as PayoutMethod | null,
  providerReference: r.provider_reference,
  cardPaymentId: r.card_payment_id,
  paymentId: r.payment_id,
  nextCheckAt: dateOrNull(r.next_check_at),
  failureReason: r.failure_reason,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** Column values in the order of `PAYOUT_COLUMNS`. */
export const payoutValues = (p: Payout): unknown[] => [
  p.id,
  p.merchantId,
  p.mode,
  p.conversionId,
  p.campaignId,
  p.affiliateId,
  p.amount.toFixed(),
  p.currency,
  p.status,
  p.scheduledDate,
  p.attempts,
  p.failedAttempts,
  p.lastAttemptAt,
  p.completedAt,
  p.payoutMethod,
  p.providerReference,
  p.cardPaymentId,
  p.paymentId,
  p.nextCheckAt,
  p.failureReason,
  p.createdAt,
  p.updatedAt,
];
