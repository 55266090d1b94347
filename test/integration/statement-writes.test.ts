import { Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../adapters/persistence/orm.js';
import { requestScope, runDeferred, runNamedRead, runSql, currentDb, transaction } from '../../adapters/persistence/statements.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

type Patchable = Record<'connect' | '_write' | '_writev', (this: Socket, ...args: unknown[]) => unknown>;
const proto = Socket.prototype as unknown as Patchable;

/**
 * The sockets that connect while `work` runs: this file's own connections. Other files of the same
 * worker may still have connections to the same server (an idle pool closing, a job's poll), and
 * their writes are not this file's statements.
 */
const socketsOpenedBy = async (work: () => Promise<void>): Promise<Set<Socket>> => {
  const opened = new Set<Socket>();
  const connect = proto.connect;
  proto.connect = function (this: Socket, ...args: unknown[]) {
    opened.add(this);
    return connect.apply(this, args);
  };
  try {
    await work();
    return opened;
  } finally {
    proto.connect = connect;
  }
};

/** Counts the socket writes (each one system call, and a wake-up of the backend) sent on `sockets` while `work` runs. */
const writesOn = async <T>(sockets: ReadonlySet<Socket>, work: () => Promise<T>): Promise<{ writes: number; result: T }> => {
  const originals = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    proto[method] = function (this: Socket, ...args: unknown[]) {
      if (sockets.has(this)) writes += 1;
      return originals[method].apply(this, args);
    };
  }
  try {
    const result = await work();
    return { writes, result };
  } finally {
    Object.assign(proto, originals);
  }
};

/**
 * What goes to PostgreSQL together leaves in one socket write: a transaction's `begin` with its first
 * statement, a deferred write with `commit`, and the reads queued on a read lane in one turn of the
 * event loop.
 */
describe('statement writes', () => {
  let db: ScratchDatabase;
  let orm: Orm;
  let own: Set<Socket>;
  const writesTo = <T>(work: () => Promise<T>) => writesOn(own, work);

  beforeAll(async () => {
    db = await createScratchDatabase();
    // Opens the pooled connection and the lane, so only the statements are counted.
    own = await socketsOpenedBy(async () => {
      orm = await openOrm({ databaseUrl: db.url, poolMax: 1, readLanes: 1 });
      await sql`create table written (n int primary key)`.execute(currentDb(orm));
      await requestScope(() => transaction(orm, () => runSql(currentDb(orm), 'select 1', [])));
      await requestScope(() => runNamedRead(orm, 'test_written_warm', 'select $1::int as warm', [0]));
    });
  });
  afterAll(async () => {
    await orm.close(true);
    await db.drop();
  });

  it('a transaction with a write and a deferred write: two socket writes (begin with the write, the deferred one with commit)', async () => {
    const { writes } = await writesTo(() =>
      requestScope(() =>
        transaction(orm, async () => {
          await runSql(currentDb(orm), 'insert into written (n) values ($1)', [1]);
          await runDeferred(orm, 'test_written_deferred', sql`insert into written (n) values (${2})`);
        }),
      ),
    );
    expect(writes).toBe(2);
    expect((await sql<{ n: number }>`select n from written order by n`.execute(currentDb(orm))).rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('twenty reads asked in one turn on one lane: one socket write, and each read its own answer', async () => {
    const { writes, result } = await writesTo(() =>
      Promise.all(Array.from({ length: 20 }, (_, n) => requestScope(() => runNamedRead<{ n: number }>(orm, 'test_written_read', 'select $1::int as n', [n])))),
    );
    expect(writes).toBe(1);
    expect(result.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('a read asked in a later turn goes in a write of its own, not held for a batch that never comes', async () => {
    const first = await writesTo(() => requestScope(() => runNamedRead<{ n: number }>(orm, 'test_written_read', 'select $1::int as n', [7])));
    const second = await writesTo(() => requestScope(() => runNamedRead<{ n: number }>(orm, 'test_written_read', 'select $1::int as n', [8])));
    expect([first.writes, first.result, second.writes, second.result]).toEqual([1, [{ n: 7 }], 1, [{ n: 8 }]]);
  });
});
