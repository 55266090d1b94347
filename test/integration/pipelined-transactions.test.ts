import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { poolDb, type Orm } from '../../adapters/persistence/orm.js';
import { requestScope, runDeferred, runSql, currentDb, transaction } from '../../adapters/persistence/statements.js';
import type { HoldingProxy } from '../support/holding-proxy.js';
import { startProxiedOrm, type ProxiedOrm } from '../support/proxied-orm.js';
import { statementsSentDuring } from '../support/sent-statements.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A transaction's `begin` goes out with its first statement, and a deferred write with the statement
 * after it (usually `commit`): fewer round trips, the same outcomes.
 */
describe('pipelined transactions', () => {
  let setup: ProxiedOrm;
  let proxy: HoldingProxy;
  let orm: Orm;
  let admin: pg.Client;

  beforeAll(async () => {
    // One connection, through a proxy that can hold back the server's answers.
    setup = await startProxiedOrm({ poolMax: 1 });
    ({ proxy, orm, admin } = setup);
    await admin.query('create table pipelined (n int primary key)');
  });
  afterAll(() => setup.close());
  beforeEach(() => admin.query('truncate pipelined'));

  const insert = (n: number) => sql`insert into pipelined (n) values (${n})`;
  /** A write nothing reads back, deferred (its own text, so the database tells it from `insert`). */
  const defer = (n: number) => runDeferred(orm, 'test_pipelined_deferred', sql`insert into pipelined (n) select ${n}::int`);
  const stored = async () => (await admin.query<{ n: number }>('select n from pipelined order by n')).rows.map((r) => r.n);
  const inScope = <T>(work: () => Promise<T>) => requestScope(work);
  /** What the proxied session's backend last ran, as the database sees it, and whether its transaction is open. */
  const lastStatement = async (): Promise<string | null> => {
    const { rows } = await admin.query<{ query: string; state: string }>('select query, state from pg_stat_activity where client_port = any($1::int[])', [
      proxy.upstreamPorts(),
    ]);
    return rows[0] ? `${rows[0].state}: ${rows[0].query}` : null;
  };
  const until = async (what: () => Promise<boolean>, ms = 3_000) => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error('not reached in time');
      await pause(10);
    }
  };

  it('sends `begin` with the first statement, without waiting for its answer', async () => {
    proxy.hold();
    const done = inScope(() => transaction(orm, async () => insert(1).execute(currentDb(orm))));
    // Every answer is held: the database can only have the insert if it came with `begin`.
    try {
      await until(async () => (await lastStatement())?.startsWith('idle in transaction: insert into pipelined') ?? false);
    } finally {
      proxy.release();
    }
    await done;
    expect(await stored()).toEqual([1]);
  });

  it('keeps a deferred write until the next statement, and sends it with `commit` without waiting for its answer', async () => {
    let lastAfterDeferring: string | null = null;
    let sent: string[] = [];
    const done = statementsSentDuring(() =>
      inScope(() =>
        transaction(orm, async () => {
          await insert(1).execute(currentDb(orm));
          await defer(2);
          lastAfterDeferring = await lastStatement();
          // Held from here on: `commit` can only arrive if it did not wait for the deferred write's answer.
          proxy.hold();
        }),
      ),
    ).then((s) => (sent = s));
    try {
      // Committed while every answer since the hold is still in the proxy.
      await until(async () => (await stored()).includes(2));
    } finally {
      proxy.release();
    }
    await done;
    expect(lastAfterDeferring).toMatch(/^idle in transaction: insert into pipelined \(n\) values/);
    expect(sent.filter((s) => !s.includes('pg_stat_activity') && !s.startsWith('select n from')).map((s) => s.slice(0, 30))).toEqual(['begin', 'insert into pipelined (n) valu', 'insert into pipelined (n) sele', 'commit']);
    expect(await stored()).toEqual([1, 2]);
  });

  it('a deferred write that fails fails its transaction, and everything in it is rolled back', async () => {
    await admin.query('insert into pipelined (n) values (7)');
    const outcome = await inScope(() =>
      transaction(orm, async () => {
        await insert(1).execute(currentDb(orm));
        await defer(7);
        return 'worked';
      }),
    ).catch((error: Error) => error.message);
    expect(outcome).toMatch(/duplicate key/);
    expect(await stored()).toEqual([7]);
    // The connection serves the next transaction.
    await inScope(() => transaction(orm, async () => insert(2).execute(currentDb(orm))));
    expect(await stored()).toEqual([2, 7]);
  });

  it('drops what waits when the work fails, and sends nothing for a transaction that sent nothing', async () => {
    const sent = await statementsSentDuring(async () => {
      await inScope(() =>
        transaction(orm, async () => {
          await defer(3);
          throw new Error('refused');
        }),
      ).catch(() => undefined);
      await inScope(() => transaction(orm, async () => 'nothing to write'));
    });
    expect(sent).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('sends `begin` and a deferred write alone with `commit` when nothing else ran', async () => {
    const sent = await statementsSentDuring(() => inScope(() => transaction(orm, () => defer(4))));
    expect(sent.map((s) => s.split(' ')[0])).toEqual(['begin', 'insert', 'commit']);
    expect(await stored()).toEqual([4]);
  });

  it('drops a deferred write made after a savepoint the work rolls back to, and keeps one made before it', async () => {
    await inScope(() =>
      transaction(orm, async () => {
        await defer(1);
        await transaction(orm, async () => {
          await defer(2);
          throw new Error('inner refused');
        }).catch(() => undefined);
        await defer(3);
      }),
    );
    expect(await stored()).toEqual([1, 3]);
  });

  it('runs a deferred write at once outside a transaction, and statements issued together in one in order', async () => {
    await inScope(() => defer(5));
    expect(await stored()).toEqual([5]);
    const read = await inScope(() =>
      transaction(orm, async () => {
        const [, , rows] = await Promise.all([
          insert(6).execute(currentDb(orm)),
          insert(8).execute(currentDb(orm)),
          runSql<{ n: number }>(currentDb(orm), 'select n from pipelined order by n', []),
        ]);
        return rows.map((r) => r.n);
      }),
    );
    expect(read).toEqual([5, 6, 8]);
    expect((await sql<{ one: number }>`select 1 as one`.execute(poolDb(orm))).rows).toEqual([{ one: 1 }]);
  });
});
