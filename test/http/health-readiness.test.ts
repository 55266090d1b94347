import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

/** `GET /healthz` is a readiness check: 503 while the database cannot be reached, 200 again after. */
describe('GET /healthz readiness', () => {
  let t: TestService;
  let admin: pg.Client;
  let database: string;

  beforeAll(async () => {
    t = await startTestService();
    database = new URL(t.db.url).pathname.slice(1);
    const url = new URL(t.db.url);
    url.pathname = '/postgres';
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database "${database}" allow_connections true`);
    await admin.end();
    await t.close();
  });

  it('answers 503 while no connection to the database can be made, and 200 once it can', async () => {
    expect((await t.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    await admin.query(`alter database "${database}" allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    const down = await t.request('GET', '/healthz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable' });

    await admin.query(`alter database "${database}" allow_connections true`);
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await t.request('GET', '/healthz')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  }, 30_000);
});
