import type { EventOutbox, OutboxEvent } from '../../application/ports/event-outbox.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import { currentEm, inTransaction, type Orm } from './orm.js';
import { OutboxEventRecord } from './records/outbox-event.record.js';

export class MikroOrmEventOutbox implements EventOutbox {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
  ) {}

  async record(events: readonly OutboxEvent[]): Promise<void> {
    // An event written outside the change's transaction could outlive a rolled-back change.
    if (!inTransaction(this.orm)) throw new Error('EventOutbox.record must run inside UnitOfWork.transaction');
    if (events.length === 0) return;
    await currentEm(this.orm).insertMany(
      OutboxEventRecord,
      events.map((event) => ({
        id: this.ids.next(),
        merchantId: event.merchantId,
        mode: event.mode,
        type: event.type,
        payload: { ...event.payload },
        occurredAt: event.occurredAt,
        dispatchedAt: null,
      })),
    );
  }
}
