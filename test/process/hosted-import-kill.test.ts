import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardfulProgram } from '../fixtures/rewardful-program.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const TOKEN = 'op-token';
const KEY = 'rw_kill_secret';

const call = async (base: string, method: string, path: string, key: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

/** The service is killed (SIGKILL) while it reads a Rewardful program; a new process resumes to the same result. */
describe('a hosted import under SIGKILL', () => {
  let db: ScratchDatabase;
  let sql: pg.Pool;
  let stub: HostedStub;
  const running: ServiceProcess[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    sql = scratchPool(db.url);
    stub = await startHostedStub({ source: 'rewardful', data: rewardfulProgram(), apiKey: KEY, maxPage: 1, delayMs: 250 });
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await sql.end();
    await stub.close();
    await db.drop();
  });

  const env = () => ({ DATABASE_URL: db.url, ADMIN_TOKEN: TOKEN, TEST_CLOCK: '1', RUN_JOBS: '0', SECRET_KEY: 'cd'.repeat(32), IMPORT_API_BASE_REWARDFUL: stub.url });

  it('re-reads at most the page in flight and imports every record once', async () => {
    const first = await startServiceProcess(env(), 'node');
    running.push(first);
    const merchant = await call(first.base, 'POST', '/admin/v1/merchants', TOKEN, { businessName: 'Moving', email: 'moving@example.com', plan: 'scale' });
    const key = (await call(first.base, 'POST', `/admin/v1/merchants/${merchant.id}/keys`, TOKEN, { mode: 'live', write: true })).key as string;
    const started = await call(first.base, 'POST', '/api/v1/imports', key, { source: 'rewardful', credentials: { apiKey: KEY } });
    // The jobs read page after page (a quarter of a second each); kill the process a few pages in.
    void fetch(`${first.base}/admin/v1/jobs/run`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } }).catch(() => undefined);
    while (stub.log.length < 5) await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;
    const [held] = (await sql.query('select state, fetch_state, row_count from imports where id = $1', [started.id])).rows;
    expect(held.fetch_state.done).toBe(false);
    expect(held.fetch_state.pages).toBeGreaterThanOrEqual(3);
    expect(held.row_count).toBeGreaterThan(0);
    const readBefore = stub.log.length;

    const second = await startServiceProcess(env(), 'node');
    running.push(second);
    await call(second.base, 'POST', '/admin/v1/jobs/run', TOKEN);
    const run = await call(second.base, 'GET', `/api/v1/imports/${started.id}`, key);
    expect(run.state).toBe('completed');
    expect(run.progress.campaigns).toMatchObject({ created: 2 });
    expect(run.progress.affiliates).toMatchObject({ created: 2, failed: 1 });
    expect(run.progress.commissions).toMatchObject({ created: 4 });
    const counts = (await sql.query(`select (select count(*)::int from affiliates where merchant_id = $1) as affiliates, (select count(*)::int from conversions where merchant_id = $1) as conversions`, [merchant.id])).rows[0];
    expect(counts).toEqual({ affiliates: 2, conversions: 4 });
    // Pages already stored were not asked for again; at most the one in flight was.
    const again = stub.log.slice(readBefore).map((r) => r.path);
    const before = new Set(stub.log.slice(0, readBefore - 1).map((r) => r.path));
    expect(again.filter((p) => before.has(p))).toEqual([]);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});
