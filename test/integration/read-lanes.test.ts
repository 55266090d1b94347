import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Orm } from '../../adapters/persistence/orm.js';
import { currentDb, requestScope, runCommittedReadQuery, runNamedRead, transaction } from '../../adapters/persistence/statements.js';
import type { HoldingProxy } from '../support/holding-proxy.js';
import { startProxiedOrm, type ProxiedOrm } from '../support/proxied-orm.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PID = 'select pg_backend_pid() as pid, $1::int as n';

/** The hot reads by key outside a transaction go on a few pipelined connections of their own. */
describe('read lanes', () => {
  let setup: ProxiedOrm;
  let proxy: HoldingProxy;
  let orm: Orm;
  let admin: pg.Client;

  beforeAll(async () => {
    // One pooled connection and three lanes: the reads' backends are the lanes'.
    setup = await startProxiedOrm({ poolMax: 1, readLanes: 3 });
    ({ proxy, orm, admin } = setup);
    await admin.query('create table lane_rows (n int primary key)');
    await admin.query('create sequence lane_reads');
  });
  afterAll(() => setup.close());

  const pidRead = (n: number) => requestScope(() => runNamedRead<{ pid: number; n: number }>(orm, 'test_lane_pid', PID, [n]));
  const sessions = async () =>
    (await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where client_port = any($1::int[])', [proxy.upstreamPorts()])).rows[0]!.n;

  it('spreads concurrent reads over the lanes, and every read gets its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => pidRead(n)));
    expect(answers.map((a) => a.length === 1 && a[0]!.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(new Set(answers.map((a) => a[0]!.pid)).size).toBe(3);
  });

  it('sends a read without waiting for the answers to the reads ahead of it on its lane', async () => {
    await Promise.all([pidRead(0), pidRead(1)]);
    proxy.hold();
    // Six reads on three lanes, every answer held: each read draws from a sequence, so the database
    // can only have run all six if none waited for the answer to the one ahead of it.
    const reads = Promise.all(
      Array.from({ length: 6 }, (_, n) => requestScope(() => runNamedRead(orm, 'test_lane_draw', `select nextval('lane_reads') as drawn, $1::int as n`, [n]))),
    );
    try {
      const deadline = Date.now() + 3_000;
      while (Number((await admin.query<{ last_value: string }>('select last_value from lane_reads')).rows[0]!.last_value) < 6) {
        if (Date.now() > deadline) throw new Error('the reads did not reach the database while answers were held');
        await pause(10);
      }
    } finally {
      proxy.release();
    }
    expect((await reads).map((r) => (r[0] as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('reads on the transaction`s connection inside a transaction (it sees the transaction`s own writes)', async () => {
    const seen = await requestScope(() =>
      transaction(orm, async () => {
        await sql`insert into lane_rows (n) values (1)`.execute(currentDb(orm));
        return runNamedRead<{ n: number }>(orm, 'test_lane_rows', 'select n from lane_rows where n = $1', [1]);
      }),
    );
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('a committed read goes on a lane even inside a transaction, while the transaction waits on a lock: it sees what is committed, not the transaction`s own rows', async () => {
    await admin.query('insert into lane_rows (n) values (2) on conflict do nothing');
    await admin.query('begin');
    await admin.query('select n from lane_rows where n = 2 for update');
    try {
      const seen = await requestScope(() =>
        transaction(orm, async () => {
          await sql`insert into lane_rows (n) values (3)`.execute(currentDb(orm));
          // The transaction's connection is stuck behind the other session's row lock; the read is answered beside it.
          const locked = sql`select n from lane_rows where n = 2 for update`.execute(currentDb(orm));
          const read = await runCommittedReadQuery(orm, 'test_lane_committed', sql<{ n: number }>`select n from lane_rows where n = any(${[2, 3]}::int[]) order by n`);
          await admin.query('commit');
          await locked;
          return read;
        }),
      );
      expect(seen).toEqual([{ n: 2 }]);
    } finally {
      await admin.query('rollback').catch(() => undefined);
    }
  });

  it('opens a lane again after its connection is cut', async () => {
    const pids = new Set((await Promise.all(Array.from({ length: 20 }, (_, n) => pidRead(n)))).map((a) => a[0]!.pid));
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [[...pids]]);
    // A read may meet the dead connection before it is dropped; the next ones are answered on new ones.
    await pause(100);
    await Promise.all(Array.from({ length: 4 }, (_, n) => pidRead(n).catch(() => null)));
    const after = await Promise.all(Array.from({ length: 20 }, (_, n) => pidRead(n)));
    const newPids = new Set(after.map((a) => a[0]!.pid));
    expect([...newPids].some((pid) => pids.has(pid))).toBe(false);
    expect(newPids.size).toBeGreaterThan(0);
  });

  it('ends the lanes with the ORM', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, n) => pidRead(n)));
    expect(await sessions()).toBeGreaterThanOrEqual(3);
    await orm.close(true);
    const deadline = Date.now() + 3_000;
    while ((await sessions()) > 0 && Date.now() < deadline) await pause(20);
    expect(await sessions()).toBe(0);
  });
});
