import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../adapters/cache/change-feed.js';
import { CHANGES_CHANNEL, PgChangeFeed } from '../../adapters/persistence/pg-change-feed.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** 'settled' when `settling` resolves before `ms`, else 'waiting'. */
const within = (settling: Promise<void>, ms: number) =>
  Promise.race([settling.then(() => 'settled'), new Promise((r) => setTimeout(() => r('waiting'), ms))]);

describe('the change feed over LISTEN/NOTIFY', () => {
  let db: ScratchDatabase;
  let feed: PgChangeFeed;
  let writer: pg.Client;
  const heard: Change[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    feed = new PgChangeFeed(db.url, silent, 500, 2_000);
    feed.subscribe({ changed: (c) => heard.push(c), expected: () => undefined, reset: () => undefined });
    await feed.start();
    writer = new pg.Client({ connectionString: db.url });
    await writer.connect();
  });

  afterAll(async () => {
    await writer?.end();
    await feed?.close();
    await db?.drop();
  });

  it('settles at once when this process expects nothing', async () => {
    expect(await within(feed.settled(), 1_000)).toBe('settled');
  });

  it('settles once an expected change has come back from the database', async () => {
    feed.expect({ kind: 'key', id: 'abc' });
    const settling = feed.settled();
    expect(await within(settling, 200)).toBe('waiting');
    await writer.query(`select pg_notify($1, 'key:abc')`, [CHANGES_CHANNEL]);
    expect(await within(settling, 1_000)).toBe('settled');
    expect(heard).toContainEqual({ kind: 'key', id: 'abc' });
  });

  it('waits only for the changes expected since the given point, not for older ones', async () => {
    feed.expect({ kind: 'key', id: 'older' });
    const since = feed.expectations;
    expect(await within(feed.settled(since), 1_000)).toBe('settled');
    feed.expect({ kind: 'key', id: 'newer' });
    const settling = feed.settled(since);
    expect(await within(settling, 200)).toBe('waiting');
    await writer.query(`select pg_notify($1, 'key:newer')`, [CHANGES_CHANNEL]);
    expect(await within(settling, 1_000)).toBe('settled');
    await writer.query(`select pg_notify($1, 'key:older')`, [CHANGES_CHANNEL]);
    expect(await within(feed.settled(), 1_000)).toBe('settled');
  });

  it('stops waiting for a change that never comes (its write rolled back)', async () => {
    const quick = new PgChangeFeed(db.url, silent, 500, 300);
    await quick.start();
    try {
      quick.expect({ kind: 'merchant', id: 'rolled-back' });
      expect(await within(quick.settled(), 100)).toBe('waiting');
      await quick.settled();
      expect(await within(quick.settled(), 100)).toBe('settled');
    } finally {
      await quick.close();
    }
  });
});
