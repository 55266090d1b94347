import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../adapters/cache/change-feed.js';
import { ACK_CHANNEL, CHANGES_CHANNEL, LISTENER_NAME, PgChangeFeed, SETTLE_CHANNEL } from '../../adapters/persistence/pg-change-feed.js';
import { startHoldingProxy } from '../support/holding-proxy.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** 'settled' when `settling` resolves before `ms`, else 'waiting'. */
const within = (settling: Promise<void>, ms: number) =>
  Promise.race([settling.then(() => 'settled'), new Promise((r) => setTimeout(() => r('waiting'), ms))]);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A feed whose subscriber writes down what it applied. */
const listeningFeed = async (url: string, settleWaitMs = 5_000) => {
  const heard: Change[] = [];
  const feed = new PgChangeFeed(url, silent, 200, settleWaitMs);
  feed.subscribe({ changed: (c) => void heard.push(c), expected: () => undefined, reset: () => undefined });
  await feed.start();
  return { feed, heard };
};

describe('the change feed over LISTEN/NOTIFY', () => {
  let db: ScratchDatabase;
  let writer: pg.Client;
  /** Counts the questions and answers sent on the database, by channel. */
  let spy: pg.Client;
  const sent = { questions: 0, answers: 0 };

  beforeAll(async () => {
    db = await createScratchDatabase();
    writer = new pg.Client({ connectionString: db.url });
    await writer.connect();
    spy = new pg.Client({ connectionString: db.url });
    spy.on('notification', (m) => {
      if (m.channel === SETTLE_CHANNEL) sent.questions += 1;
      if (m.channel === ACK_CHANNEL) sent.answers += 1;
    });
    await spy.connect();
    await spy.query(`listen ${SETTLE_CHANNEL}; listen ${ACK_CHANNEL}; listen spy_marker`);
  });

  afterAll(async () => {
    await writer?.end();
    await spy?.end();
    await db?.drop();
  });

  const commit = (payload: string) => writer.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
  /** The spy heard every notice committed before this (notices come in commit order). */
  const spyCaughtUp = async () => {
    const marker = `marker-${Math.random()}`;
    let seen!: (m: pg.Notification) => void;
    const caught = new Promise<void>((resolve) => (seen = (m) => m.payload === marker && resolve()));
    spy.on('notification', seen);
    await writer.query(`select pg_notify('spy_marker', $1)`, [marker]);
    await caught;
    spy.off('notification', seen);
  };

  describe('one process', () => {
    let feed: PgChangeFeed;
    let heard: Change[];
    beforeAll(async () => ({ feed, heard } = await listeningFeed(db.url)));
    afterAll(async () => feed?.close());

    it('settles at once, asking nobody, when this process expected nothing', async () => {
      const asked = sent.questions;
      expect(await within(feed.settled(), 1_000)).toBe('settled');
      await spyCaughtUp();
      expect(sent.questions).toBe(asked);
    });

    it('after a committed write, settles with the change applied, asking once', async () => {
      const asked = sent.questions;
      feed.expect({ kind: 'key', id: 'abc' });
      await commit('key:abc');
      await feed.settled();
      expect(heard).toContainEqual({ kind: 'key', id: 'abc' });
      await spyCaughtUp();
      expect(sent.questions).toBe(asked + 1);
    });

    it('asks only when a change was expected since the given point', async () => {
      feed.expect({ kind: 'key', id: 'older' });
      const since = feed.expectations;
      await spyCaughtUp();
      const asked = sent.questions;
      await feed.settled(since);
      await spyCaughtUp();
      expect(sent.questions).toBe(asked);
      feed.expect({ kind: 'key', id: 'newer' });
      await feed.settled(since);
      await spyCaughtUp();
      expect(sent.questions).toBe(asked + 1);
    });

    it('settles at once after a write that rolled back (no notice ever comes), well inside the bound', async () => {
      feed.expect({ kind: 'merchant', id: 'rolled-back' });
      expect(await within(feed.settled(), 1_000)).toBe('settled');
    });

    it('sends no question and no answer for changes nobody settles on (a bulk import of links)', async () => {
      await spyCaughtUp();
      const before = { ...sent };
      await writer.query(`select pg_notify($1, 'links:' || n) from generate_series(1, 500) as n`, [CHANGES_CHANNEL]);
      for (let i = 0; i < 100; i += 1) await commit('links');
      await commit('key:bulk-end');
      while (!heard.some((c) => c.kind === 'key' && c.id === 'bulk-end')) await pause(20);
      await spyCaughtUp();
      expect(sent).toEqual(before);
      expect(heard.filter((c) => c.kind === 'links').length).toBeGreaterThanOrEqual(600);
    });
  });

  describe('two processes, the other one slow to hear', () => {
    /** The writing process, the other (its connection through a proxy that can hold its notices back), and the proxy. */
    const twoProcesses = async (settleWaitMs: number) => {
      const proxy = await startHoldingProxy(db.url);
      const writing = await listeningFeed(db.url, settleWaitMs);
      const other = await listeningFeed(proxy.url, settleWaitMs);
      const close = async () => {
        proxy.release();
        await other.feed.close();
        await writing.feed.close();
        await proxy.close();
      };
      return { writing, other, proxy, close };
    };

    it('the writer does not settle before the other process has applied its change', async () => {
      const { writing, other, proxy, close } = await twoProcesses(10_000);
      try {
        proxy.hold();
        const since = writing.feed.expectations;
        writing.feed.expect({ kind: 'key', id: 'revoked' });
        await commit('key:revoked');
        const settling = writing.feed.settled(since).then(() => [...other.heard]);
        // The writer heard its change long ago; the other has not, so the response must not leave.
        expect(await within(settling.then(() => undefined), 500)).toBe('waiting');
        expect(writing.heard).toContainEqual({ kind: 'key', id: 'revoked' });
        expect(other.heard).not.toContainEqual({ kind: 'key', id: 'revoked' });
        proxy.release();
        const appliedWhenSettled = await settling;
        expect(appliedWhenSettled).toContainEqual({ kind: 'key', id: 'revoked' });
      } finally {
        await close();
      }
    });

    it('the writer does not settle before a change the other process applies asynchronously is applied (the test clock reloads)', async () => {
      const { writing, other, close } = await twoProcesses(10_000);
      try {
        let finish!: () => void;
        let applied = false;
        other.feed.subscribe({
          changed: (c) => (c.kind === 'clock' ? new Promise<void>((r) => (finish = r)).then(() => void (applied = true)) : undefined),
          expected: () => undefined,
          reset: () => undefined,
        });
        const since = writing.feed.expectations;
        writing.feed.expect({ kind: 'clock', id: '' });
        await commit('clock');
        const settling = writing.feed.settled(since).then(() => applied);
        expect(await within(settling.then(() => undefined), 500)).toBe('waiting');
        expect(other.heard).toContainEqual({ kind: 'clock', id: '' });
        finish();
        expect(await settling).toBe(true);
      } finally {
        await close();
      }
    });

    it('a listener that goes away meanwhile is not waited for until the bound', async () => {
      const { writing, proxy, close } = await twoProcesses(10_000);
      try {
        proxy.hold();
        writing.feed.expect({ kind: 'key', id: 'gone' });
        await commit('key:gone');
        const started = performance.now();
        const settling = writing.feed.settled();
        expect(await within(settling, 300)).toBe('waiting');
        const { rows } = await writer.query<{ ok: boolean }>(
          'select pg_terminate_backend(pid) as ok from pg_stat_activity where client_port = any($1) and application_name = $2',
          [proxy.upstreamPorts(), LISTENER_NAME],
        );
        expect(rows).toEqual([{ ok: true }]);
        expect(await within(settling, 2_000)).toBe('settled');
        expect(performance.now() - started).toBeLessThan(3_000);
      } finally {
        await close();
      }
    });

    it('a listener that never answers holds a settle only up to the bound', async () => {
      const { writing, proxy, close } = await twoProcesses(1_000);
      try {
        proxy.hold();
        writing.feed.expect({ kind: 'key', id: 'stuck' });
        await commit('key:stuck');
        const started = performance.now();
        await writing.feed.settled();
        const took = performance.now() - started;
        expect(took).toBeGreaterThanOrEqual(950);
        expect(took).toBeLessThan(3_000);
      } finally {
        await close();
      }
    });

    it('a listener that answers several questions at once answers each', async () => {
      const { writing, other, proxy, close } = await twoProcesses(10_000);
      try {
        proxy.hold();
        const settles: Promise<void>[] = [];
        for (const id of ['one', 'two', 'three']) {
          const since = writing.feed.expectations;
          writing.feed.expect({ kind: 'merchant', id });
          await commit(`merchant:${id}`);
          settles.push(writing.feed.settled(since));
        }
        await pause(300);
        proxy.release();
        const started = performance.now();
        await Promise.all(settles);
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(other.heard.filter((c) => c.kind === 'merchant').map((c) => c.id)).toEqual(['one', 'two', 'three']);
      } finally {
        await close();
      }
    });
  });
});
