import type { EventOutbox, OutboxEvent } from '../../application/ports/event-outbox.js';
import type { InMemoryTransactions } from './in-memory-transactions.js';

/**
 * Collects the events use cases record. Like the real outbox it refuses to record outside a
 * transaction, and events of a transaction that rolls back are dropped.
 */
export class InMemoryEventOutbox implements EventOutbox {
  readonly events: OutboxEvent[] = [];

  constructor(private readonly transactions: InMemoryTransactions) {}

  async record(events: readonly OutboxEvent[]): Promise<void> {
    if (!this.transactions.inTransaction) throw new Error('EventOutbox.record must run inside UnitOfWork.transaction');
    const recorded = events.map((event) => ({ ...event }));
    this.events.push(...recorded);
    this.transactions.onRollback(() => {
      for (const event of recorded) this.events.splice(this.events.indexOf(event), 1);
    });
  }

  /** The recorded events' types, in order. */
  types(): string[] {
    return this.events.map((e) => e.type);
  }

  ofType(type: string): OutboxEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  clear(): void {
    this.events.length = 0;
  }
}
