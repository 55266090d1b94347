import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { currentDb, poolDb } from '../../adapters/persistence/orm.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { startTestService, type TestService } from '../support/test-service.js';

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

/** A connection that dies inside a transaction goes back to the pool; the pool never runs dry. */
describe('pooled connections cut by the database', () => {
  let t: TestService;
  let uow: UnitOfWork;
  let scope: RequestScope;
  let admin: pg.Client;

  beforeAll(async () => {
    // A pool of two: two leaked connections would leave nothing for the query that follows.
    t = await startTestService({ dbPoolMax: 2 });
    uow = t.service.container.resolve(TOKENS.UnitOfWork);
    scope = t.service.container.resolve(TOKENS.RequestScope);
    admin = new pg.Client({ connectionString: t.db.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const backendPid = async (): Promise<number> => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(currentDb(t.service.orm));
    return rows[0]!.pid;
  };

  it('a transaction whose backend is terminated mid-way fails, and the pool still serves afterwards', async () => {
    for (let round = 0; round < 4; round += 1) {
      const failed = await scope(() =>
        uow.transaction(async () => {
          const pid = await backendPid();
          await admin.query('select pg_terminate_backend($1)', [pid]);
          // The next statement of the transaction meets the dead connection.
          await sql`select 1`.execute(currentDb(t.service.orm));
        }),
      ).then(
        () => false,
        () => true,
      );
      expect(failed).toBe(true);
    }
    const { rows } = await within(5_000, scope(() => sql<{ one: number }>`select 1 as one`.execute(poolDb(t.service.orm))));
    expect(rows).toEqual([{ one: 1 }]);
    const answered = await within(5_000, scope(() => uow.transaction(() => backendPid())));
    expect(answered).toBeGreaterThan(0);
  }, 30_000);
});
