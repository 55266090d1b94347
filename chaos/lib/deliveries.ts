import type { WebhookReceiver } from '../../test/support/webhook-receiver.js';
import { sleep } from './http.js';

/** What arrived at a receiver, per conversion, against the sales the service acknowledged. */
export interface DeliveryCount {
  readonly expected: number;
  readonly delivered: number;
  /** Acknowledged sales whose event never arrived. */
  readonly lost: number;
  /** Envelopes that arrived more than once (same delivery id). */
  readonly duplicated: number;
}

export const conversionIdOf = (json: { data?: Record<string, unknown> }): string | undefined => json.data?.conversionId as string | undefined;

/** Waits (bounded) until every acknowledged sale's event arrived, then counts. */
export const awaitDeliveries = async (receiver: WebhookReceiver, acknowledged: ReadonlySet<string>, timeoutMs: number): Promise<DeliveryCount> => {
  const deadline = Date.now() + timeoutMs;
  const arrived = () => new Set(receiver.received.map((w) => conversionIdOf(w.json)).filter((id): id is string => id !== undefined && acknowledged.has(id)));
  while (arrived().size < acknowledged.size && Date.now() < deadline) await sleep(200);
  const ids = new Map<string, number>();
  for (const w of receiver.received) ids.set(w.json.id, (ids.get(w.json.id) ?? 0) + 1);
  const delivered = arrived().size;
  return {
    expected: acknowledged.size,
    delivered,
    lost: acknowledged.size - delivered,
    duplicated: [...ids.values()].filter((n) => n > 1).length,
  };
};
