import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED, PREPARED, runPrepared, statementName, usePreparedStatements } from '../../adapters/persistence/prepared-statements.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

describe('prepared statements (issue 12: hot paths)', () => {
  let database: ScratchDatabase;
  let pool: pg.Pool;
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createScratchDatabase();
    // One connection, so the session that prepared a statement is the one asked about it.
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    usePreparedStatements(pool);
    db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const preparedOnSession = async () =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

  it('sends a statement marked PREPARED by name, once per connection, and reuses it', async () => {
    const lookup = (id: number) => sql<{ n: number }>`${PREPARED}select ${id}::int + 1 as n`.execute(db);
    expect((await lookup(1)).rows).toEqual([{ n: 2 }]);
    expect((await lookup(41)).rows).toEqual([{ n: 42 }]);
    const prepared = (await preparedOnSession()).filter((p) => p.statement.includes('::int + 1 as n'));
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toBe(statementName(prepared[0]!.statement));
  });

  it('leaves unmarked statements unnamed (searches and range filters keep custom plans)', async () => {
    await sql`select ${'x'}::text || 'y' as unmarked_probe`.execute(db);
    expect((await preparedOnSession()).some((p) => p.statement.includes('unmarked_probe'))).toBe(false);
    expect(statementName(`select 1 where a = $1`)).toBeUndefined();
  });

  it('keeps working inside transactions, after a rollback and after a failed execution', async () => {
    const insert = (id: number) => runPrepared(db, `insert into rate_limit_windows (bucket, window_start, current_count, previous_count) values ($1, $2, 1, 0)`, [`ps-test-${id}`, id]);
    await expect(
      db.transaction().execute(async (trx) => {
        await runPrepared(trx, `insert into rate_limit_windows (bucket, window_start, current_count, previous_count) values ($1, $2, 1, 0)`, ['ps-test-rolled-back', 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await insert(1);
    await expect(insert(1)).rejects.toThrow(/duplicate key/);
    await insert(2);
    const rows = await runPrepared<{ bucket: string }>(db, `select bucket from rate_limit_windows where bucket like $1 order by bucket`, ['ps-test-%']);
    expect(rows.map((r) => r.bucket)).toEqual(['ps-test-1', 'ps-test-2']);
  });

  it('names the same text the same way and stops naming new texts past the bound', () => {
    const text = '/* prepared */ select $1::int as bound_probe';
    const name = statementName(text);
    expect(name).toMatch(/^p\d+$/);
    expect(statementName(text)).toBe(name);
    for (let i = 0; i < MAX_NAMED + 5; i += 1) statementName(`/* prepared */ select $1::int as probe_${i}`);
    expect(statementName('/* prepared */ select $1::int as past_the_bound')).toBeUndefined();
    expect(statementName(text)).toBe(name);
  });
});
