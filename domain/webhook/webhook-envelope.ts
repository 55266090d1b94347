import type { WebhookEventType } from './webhook-events.js';

/** What every delivery POSTs (spec, Envelope). The outbox event's payload is `data`. */
export interface WebhookEnvelope {
  readonly event: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** ISO 8601: when the event happened (for `ping`, when the test was sent). */
  readonly timestamp: string;
  /** The delivery id: the same on every retry and resend of this event to this subscription. */
  readonly id: string;
}

/** The envelope in the spec's field order. */
export const webhookEnvelope = (event: string, data: Readonly<Record<string, unknown>>, occurredAt: Date, id: string): WebhookEnvelope => ({
  event,
  data,
  timestamp: occurredAt.toISOString(),
  id,
});

/** The raw body that is signed and sent; kept with the delivery so a resend is byte-identical. */
export const serializeEnvelope = (envelope: WebhookEnvelope): string => JSON.stringify(envelope);

/** `ping` data (the spec leaves it open). */
export interface PingPayload {
  readonly subscriptionId: string;
  readonly url: string;
  readonly message: string;
}

export const pingPayload = (subscriptionId: string, url: string): PingPayload => ({
  subscriptionId,
  url,
  message: 'Test event from the affiliate service: your endpoint is reachable and the signature can be verified.',
});

export const PAYOUT_EVENT_TYPES = ['payout.completed', 'payout.failed'] as const satisfies readonly WebhookEventType[];
export type PayoutEventType = (typeof PAYOUT_EVENT_TYPES)[number];

/**
 * `payout.completed` / `payout.failed` data (the spec leaves it open): the payout queue row as the
 * API shows it, named `payoutId`, with money as strings. Producers build it with `payoutEventPayload`.
 */
export interface PayoutEventPayload {
  readonly payoutId: string;
  readonly conversionId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly amount: string;
  readonly currency: string;
  readonly status: 'completed' | 'failed';
  readonly payoutMethod: string | null;
  readonly scheduledDate: string | null;
  readonly attempts: number;
  readonly completedAt: string | null;
  readonly cardTransferId: string | null;
  readonly cardPaymentId: string | null;
  /** null on `payout.completed`. */
  readonly failureReason: string | null;
}

export interface PayoutEventSource {
  readonly id: string;
  readonly conversionId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  /** Already formatted to the currency's minor unit. */
  readonly amount: string;
  readonly currency: string;
  readonly payoutMethod?: string | null | undefined;
  readonly scheduledDate?: Date | string | null | undefined;
  readonly attempts: number;
  readonly completedAt?: Date | null | undefined;
  readonly cardTransferId?: string | null | undefined;
  readonly cardPaymentId?: string | null | undefined;
  readonly failureReason?: string | null | undefined;
}

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.toISOString();

export const payoutEventPayload = (type: PayoutEventType, payout: PayoutEventSource): PayoutEventPayload => ({
  payoutId: payout.id,
  conversionId: payout.conversionId,
  campaignId: payout.campaignId,
  affiliateId: payout.affiliateId,
  amount: payout.amount,
  currency: payout.currency,
  status: type === 'payout.completed' ? 'completed' : 'failed',
  payoutMethod: payout.payoutMethod ?? null,
  scheduledDate: iso(payout.scheduledDate),
  attempts: payout.attempts,
  completedAt: type === 'payout.completed' ? iso(payout.completedAt) : null,
  cardTransferId: payout.cardTransferId ?? null,
  cardPaymentId: payout.cardPaymentId ?? null,
  failureReason: type === 'payout.failed' ? (payout.failureReason ?? null) : null,
});
