import { sql } from 'kysely';
import type { EventOutbox, OutboxEvent } from '../../application/ports/event-outbox.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import { currentDb, inTransaction, type Orm } from './orm.js';

export class SqlEventOutbox implements EventOutbox {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
  ) {}

  async record(events: readonly OutboxEvent[]): Promise<void> {
    // An event written outside the change's transaction could outlive a rolled-back change.
    if (!inTransaction(this.orm)) throw new Error('EventOutbox.record must run inside UnitOfWork.transaction');
    if (events.length === 0) return;
    // Plain parameterized SQL: no entity metadata for rows nothing reads back.
    const rows = events.map((e) => sql`(${this.ids.next()}, ${e.merchantId}, ${e.mode}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb, ${e.occurredAt})`);
    await sql`insert into outbox_events (id, merchant_id, mode, type, payload, occurred_at) values ${sql.join(rows)}`.execute(
      currentDb(this.orm),
    );
  }
}
