import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const TOKEN = 'op-token';
const AFFILIATES = 20;
// Enough batches that the kill lands mid-import even now that a batch is written in a few statements.
const COMMISSIONS = 9_000;

const call = async (port: number, method: string, path: string, key: string, body?: unknown) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

/** A program of a few thousand rows: several batches of the import job. */
const programFiles = () => {
  const campaign = randomUUID();
  const affiliates = Array.from({ length: AFFILIATES }, () => randomUUID());
  const rows = (header: string, count: number, row: (i: number) => string) => `${[header, ...Array.from({ length: count }, (_, i) => row(i))].join('\r\n')}\r\n`;
  return {
    'campaigns.csv': rows('id,name,commission_type,commission_value', 1, () => `${campaign},Moved,percentage,20`),
    'affiliates.csv': rows('id,email,name', AFFILIATES, (i) => `${affiliates[i]},mover${i}@example.com,Mover ${i}`),
    'referral_links.csv': rows('affiliate_id,campaign_id,status', AFFILIATES, (i) => `${affiliates[i]},${campaign},approved`),
    'commissions.csv': rows('id,campaign_id,affiliate_id,status,amount,commission,currency,order_id,created_at', COMMISSIONS, (i) =>
      [randomUUID(), campaign, affiliates[i % AFFILIATES], i % 3 === 0 ? 'paid' : 'approved', '50', '10', 'usd', `order-${i}`, '2026-10-01T10:00:00.000Z'].join(','),
    ),
  };
};

/**
 * The import job is killed (SIGKILL) between two committed batches; after a restart the same run
 * carries the rest, and the merchant ends with exactly the program of the files: every row once.
 */
describe('a CSV import under SIGKILL', () => {
  let db: ScratchDatabase;
  let sql: pg.Pool;
  const running: ServiceProcess[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    sql = scratchPool(db.url);
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await sql.end();
    await db.drop();
  });

  const env = () => ({ DATABASE_URL: db.url, ADMIN_TOKEN: TOKEN, TEST_CLOCK: '1', RUN_JOBS: '0', BODY_LIMIT_BYTES: String(8 * 1024 * 1024) });
  const rows = async (text: string, params: unknown[] = []) => (await sql.query(text, params)).rows;

  it('resumes where it stopped and ends with every row exactly once', async () => {
    const first = await startServiceProcess(env(), 'node');
    running.push(first);
    const admin = (port: number, method: string, path: string, body?: unknown) => call(port, method, `/admin/v1${path}`, TOKEN, body);
    const merchant = await admin(first.port, 'POST', '/merchants', { businessName: 'Moving', email: 'moving@example.com', plan: 'scale' });
    const key = (await admin(first.port, 'POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: true })).key as string;
    const run = await call(first.port, 'POST', '/api/v1/imports', key, { source: 'csv', files: programFiles() });
    const total = 1 + AFFILIATES * 2 + COMMISSIONS;
    expect(run.rowCount).toBe(total);

    void admin(first.port, 'POST', '/jobs/run').catch(() => undefined);
    const deadline = Date.now() + 120_000;
    let cursor = 0;
    while (Date.now() < deadline) {
      cursor = (await rows('select cursor from imports where id = $1', [run.id]))[0].cursor;
      if (cursor >= 1_000) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const [stopped] = await rows('select state, cursor from imports where id = $1', [run.id]);
    expect(stopped.state).toBe('running');
    expect(stopped.cursor).toBeGreaterThanOrEqual(1_000);
    expect(stopped.cursor).toBeLessThan(total);

    const second = await startServiceProcess(env(), 'node');
    running.push(second);
    await admin(second.port, 'POST', '/jobs/run');
    const done = await call(second.port, 'GET', `/api/v1/imports/${run.id}`, key);
    expect(done).toMatchObject({ state: 'completed', rowsRead: total });
    expect(done.progress.commissions).toMatchObject({ read: COMMISSIONS, created: COMMISSIONS, failed: 0 });

    // Every row exactly once: no commission twice, none lost, the mapping one per row.
    const [counts] = await rows(
      `select count(*)::int as n, count(distinct order_id)::int as orders, count(*) filter (where status = 'paid')::int as paid
       from conversions where merchant_id = $1`,
      [merchant.id],
    );
    expect(counts).toEqual({ n: COMMISSIONS, orders: COMMISSIONS, paid: COMMISSIONS / 3 });
    expect((await rows('select count(*)::int as n from affiliates where merchant_id = $1', [merchant.id]))[0].n).toBe(AFFILIATES);
    // Each owed (approved) commission queued for payment once, each paid one never, across the kill.
    const [queue] = await rows(
      `select count(*)::int as n, count(distinct p.conversion_id) filter (where c.status = 'approved')::int as owed
         from payouts p join conversions c on c.id = p.conversion_id where p.merchant_id = $1`,
      [merchant.id],
    );
    expect(queue).toEqual({ n: COMMISSIONS - COMMISSIONS / 3, owed: COMMISSIONS - COMMISSIONS / 3 });
    expect((await rows('select count(*)::int as n from import_mappings where import_id = $1', [run.id]))[0].n).toBe(total);
    expect((await rows(`select count(*)::int as n from outbox_events where merchant_id = $1 and type = 'import.completed'`, [merchant.id]))[0].n).toBe(1);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
