import { z } from '@hono/zod-openapi';
import type { ListedPayout } from '../../../application/ports/payout-queries.js';
import { formatAmount, PAYOUT_STATUSES, type Payout } from '../../../domain/index.js';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The spec's Payout (queue row); `amount` a string in the currency's minor unit. */
export const PayoutSchema = z
  .object({
    id: z.string(),
    conversionId: z.string(),
    campaignId: z.string(),
    affiliateId: z.string(),
    amount: z.string().openapi({ example: '12.50' }),
    currency: z.string().openapi({ description: 'Lowercase ISO 4217 code' }),
    status: z.enum(PAYOUT_STATUSES),
    scheduledDate: z.string().nullable().openapi({ description: 'When the payout is next due (end of the holding period, next retry or funds check)' }),
    attempts: z.number().int(),
    lastAttemptAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    cardPaymentId: z.string().nullable().openapi({ description: 'Connected-account payments only' }),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    payment: z
      .object({
        id: z.string(),
        gross: z.string().openapi({ description: "The sum of the payment's rows and the team bonus awards paid with them", example: '12.00' }),
        bonus: z.string().openapi({ description: 'The part of gross that is team bonus awards paid in the same transfer', example: '0.00' }),
        clawback: z.string().openapi({ description: 'Commission taken back for refunds of already paid sales, netted from this payment', example: '5.00' }),
        amount: z.string().openapi({ description: 'What was sent: gross − clawback', example: '7.00' }),
      })
      .nullable()
      .optional()
      .openapi({ 'x-extension': true, description: 'The payment this row went out in (one per affiliate, method and currency), once it has one' }),
  })
  .openapi('Payout');

const paymentJson = (p: Payout | ListedPayout) => {
  if (!('payment' in p)) return {};
  const pay = p.payment;
  return {
    payment: pay === null ? null : { id: pay.id, gross: formatAmount(pay.gross, p.currency), bonus: formatAmount(pay.bonus, p.currency), clawback: formatAmount(pay.clawback, p.currency), amount: formatAmount(pay.amount, p.currency) },
  };
};

export const payoutJson = (p: Payout | ListedPayout): z.infer<typeof PayoutSchema> => ({
  id: p.id,
  conversionId: p.conversionId,
  campaignId: p.campaignId,
  affiliateId: p.affiliateId,
  amount: formatAmount(p.amount, p.currency),
  currency: p.currency,
  status: p.status,
  scheduledDate: iso(p.scheduledDate),
  attempts: p.attempts,
  lastAttemptAt: iso(p.lastAttemptAt),
  completedAt: iso(p.completedAt),
  cardPaymentId: p.cardPaymentId,
  failureReason: p.failureReason,
  createdAt: p.createdAt.toISOString(),
  ...paymentJson(p),
});
