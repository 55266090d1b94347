import { sql } from 'kysely';
import type { ClockOffsetStore } from '../clock/adjustable-clock.js';
import { poolDb, type Orm } from './orm.js';

export class SqlClockOffsetStore implements ClockOffsetStore {
  constructor(private readonly orm: Orm) {}

  async load(): Promise<number> {
    const { rows } = await sql<{ offset_ms: string }>`select offset_ms from service_clock where id = 1`.execute(poolDb(this.orm));
    return rows[0] ? Number(rows[0].offset_ms) : 0;
  }

  async save(offsetMs: number): Promise<void> {
    await sql`insert into service_clock (id, offset_ms) values (1, ${offsetMs}) on conflict (id) do update set offset_ms = excluded.offset_ms`.execute(
      poolDb(this.orm),
    );
  }
}
