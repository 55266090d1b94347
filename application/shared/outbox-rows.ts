import type { Mode } from '../../domain/index.js';
import type { OutboxEvent } from '../ports/event-outbox.js';

/** Domain events as outbox rows of one merchant and mode, each with its own name and a copy of its payload. */
export const outboxRowsOf = (
  owner: { readonly merchantId: string; readonly mode: Mode },
  events: readonly { readonly type: string; readonly payload: object }[],
  at: Date,
): OutboxEvent[] => events.map((event) => ({ merchantId: owner.merchantId, mode: owner.mode, type: event.type, payload: { ...event.payload }, occurredAt: at }));
