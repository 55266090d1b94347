import { formatAmount } from '../money/money.js';
import { payoutEventPayload, type PayoutEventPayload, type PayoutEventType } from '../webhook/webhook-envelope.js';
import { cardTransferIdOf, type Payout, type PayoutStatus } from './payout.js';

/**
 * `payout.completed` / `payout.failed` data: the webhook module's payout payload (the row as the API
 * shows it, `status` naming the event's outcome) plus where the row stands after the event.
 */
export interface PayoutEventData extends PayoutEventPayload {
  /** The row's status after the event: `completed`, or after a failed attempt `scheduled` (a retry is planned), `awaiting_funds` or `failed` (final). */
  readonly payoutStatus: PayoutStatus;
  /** When the payout will be tried again; null when it completed or failed for good. */
  readonly nextAttemptAt: string | null;
}

/** A fact for the outbox, in the payout's own merchant and mode. */
export interface PayoutEvent {
  readonly type: PayoutEventType;
  readonly payload: PayoutEventData;
}

export const payoutEvent = (type: PayoutEventType, payout: Payout): PayoutEvent => {
  const retrying = type === 'payout.failed' && (payout.status === 'scheduled' || payout.status === 'awaiting_funds');
  return {
    type,
    payload: {
      ...payoutEventPayload(type, {
        id: payout.id,
        conversionId: payout.conversionId,
        campaignId: payout.campaignId,
        affiliateId: payout.affiliateId,
        amount: formatAmount(payout.amount, payout.currency),
        currency: payout.currency,
        payoutMethod: payout.payoutMethod,
        scheduledDate: payout.scheduledDate,
        attempts: payout.attempts,
        completedAt: payout.completedAt,
        cardTransferId: cardTransferIdOf(payout),
        cardPaymentId: payout.cardPaymentId,
        failureReason: payout.failureReason,
      }),
      payoutStatus: payout.status,
      nextAttemptAt: retrying ? payout.scheduledDate.toISOString() : null,
    },
  };
};
