import type { ClockOffsetStore } from '../clock/adjustable-clock.js';
import type { Orm } from './orm.js';

export class SqlClockOffsetStore implements ClockOffsetStore {
  constructor(private readonly orm: Orm) {}

  async load(): Promise<number> {
    const rows = await this.orm.em.fork().execute<{ offset_ms: string }[]>('select offset_ms from service_clock where id = 1');
    return rows[0] ? Number(rows[0].offset_ms) : 0;
  }

  async save(offsetMs: number): Promise<void> {
    await this.orm.em
      .fork()
      .execute(
        'insert into service_clock (id, offset_ms) values (1, ?) on conflict (id) do update set offset_ms = excluded.offset_ms',
        [offsetMs],
      );
  }
}
