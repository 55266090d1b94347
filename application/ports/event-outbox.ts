import type { Mode } from '../../domain/index.js';

export interface OutboxEvent {
  readonly merchantId: string;
  readonly mode: Mode;
  /** Public event name, e.g. `conversion.created`. */
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly occurredAt: Date;
}

export interface StoredOutboxEvent extends OutboxEvent {
  readonly id: string;
}

/** Transactional outbox: events are recorded in the same transaction as the change that caused them. */
export interface EventOutbox {
  /** Must be called inside `UnitOfWork.transaction`; throws otherwise. */
  record(events: readonly OutboxEvent[]): Promise<void>;
}
