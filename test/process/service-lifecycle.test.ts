import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServiceProcess } from '../support/service-process.js';
import { createScratchDatabase } from '../support/test-database.js';

/** As `npm start` runs it (built, then plain Node with its flags), with info logs so the first start's banner is seen. */
const startService = (env: Record<string, string>) => startServiceProcess({ LOG_LEVEL: 'info', DATABASE_URL: '', ...env }, 'npm-like');

const demoKey = (output: string) => /test write key: (svc_pk_test_\S+)/.exec(output)?.[1];

/** The banner is written as the listener opens, so it can reach us just after the first health answer. */
const bannerOf = async (service: { output(): string }): Promise<string> => {
  const deadline = Date.now() + 10_000;
  while (!service.output().includes('listening on') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return service.output();
};

describe('the service process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'affiliate-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts an embedded database on first start, reuses it on the next, and drains on SIGINT', async () => {
    const first = await startService({ DATA_DIR: dataDir, ADMIN_TOKEN: '' });
    const key = demoKey(await bannerOf(first));
    expect(key).toBeDefined();
    const me = await fetch(`http://127.0.0.1:${first.port}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    // The printed one-time link signs the demo user in to the dashboard.
    const link = new URL(/dashboard: open \S+ and sign in with this one-time link \(24 hours\): (\S+)/.exec(first.output())![1]!);
    const origin = `http://127.0.0.1:${first.port}`;
    const form = await fetch(`${origin}${link.pathname}${link.search}`);
    const csrfCookie = form.headers.getSetCookie().map((l) => l.split(';')[0]).join('; ');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const signIn = await fetch(`${origin}/dashboard/link`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie, origin },
      body: new URLSearchParams({ _csrf: csrf, token: link.searchParams.get('token')! }).toString(),
    });
    expect(signIn.status).toBe(303);
    const session = signIn.headers.getSetCookie().find((l) => l.startsWith('dashboard_session='))!.split(';')[0]!;
    expect((await fetch(`${origin}/dashboard`, { headers: { cookie: session }, redirect: 'manual' })).status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped');

    // Second start on the same directory: same data, no second demo merchant.
    const second = await startService({ DATA_DIR: dataDir, ADMIN_TOKEN: 'op-token' });
    expect(demoKey(await bannerOf(second))).toBeUndefined();
    const again = await fetch(`http://127.0.0.1:${second.port}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);

    // A request still in flight when SIGINT arrives is answered before the process exits.
    const inFlight = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port: second.port, method: 'POST', path: '/admin/v1/merchants', headers: { authorization: 'Bearer op-token', 'content-type': 'application/json' } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', fail);
      req.write('{"businessName": "Drained", ');
      setTimeout(() => {
        second.child.kill('SIGINT');
        setTimeout(() => req.end('"email": "d@x.test", "plan": "scale"}'), 700);
      }, 300);
    });
    const answered = await inFlight;
    expect(answered.status).toBe(201);
    expect(await second.exited).toBe(0);

    // The drained write is durable: a third start sees it.
    const third = await startService({ DATA_DIR: dataDir, ADMIN_TOKEN: 'op-token' });
    const merchantId = JSON.parse(answered.body).data.id as string;
    const keys = await fetch(`http://127.0.0.1:${third.port}/admin/v1/merchants/${merchantId}/keys`, {
      method: 'POST',
      headers: { authorization: 'Bearer op-token', 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'live', write: false }),
    });
    expect(keys.status).toBe(201);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);

  it('uses DATABASE_URL when it is set, with no embedded database', async () => {
    const db = await createScratchDatabase();
    try {
      const running = await startService({ DATABASE_URL: db.url, DATA_DIR: join(dataDir, 'unused'), ADMIN_TOKEN: '' });
      expect(running.output()).toContain('Database: DATABASE_URL');
      expect(demoKey(running.output())).toBeDefined();
      running.child.kill('SIGINT');
      expect(await running.exited).toBe(0);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
