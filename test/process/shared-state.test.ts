import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, signed } from '../support/card-events.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const ADMIN = 'shared-state-admin';

/**
 * Two service processes on one database: what each keeps in memory (verified keys with their
 * merchants, rate-limit counts, the test clock) stays one shared truth.
 */
describe('two processes sharing keys, limits and the clock', () => {
  let db: ScratchDatabase;
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    db = await createScratchDatabase();
    const env = { DATABASE_URL: db.url, ADMIN_TOKEN: ADMIN, TEST_CLOCK: '1', RUN_JOBS: '0', DB_POOL_MAX: '4', JOBS_POOL_MAX: '1' };
    [a, b] = await Promise.all([startServiceProcess(env), startServiceProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    for (const p of [a, b]) {
      p?.child.kill('SIGTERM');
      await p?.exited;
    }
    await db?.drop();
  });

  const call = async (p: ServiceProcess, method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${p.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const admin = (p: ServiceProcess, method: string, path: string, body?: unknown) => call(p, method, `/admin/v1${path}`, ADMIN, body);
  let counter = 0;
  const merchant = async (plan: string) => {
    counter += 1;
    const created = await admin(a, 'POST', '/merchants', { businessName: `Shared ${counter}`, email: `shared${counter}@example.com`, plan });
    const key = await admin(a, 'POST', `/merchants/${created.body.data.id}/keys`, { mode: 'live', write: false });
    return { id: created.body.data.id as string, keyId: key.body.data.id as string, key: key.body.data.key as string };
  };

  it('a revoked key is refused on its very next request in either process, though both had it in memory', async () => {
    for (let round = 0; round < 5; round += 1) {
      const m = await merchant('ultimate');
      // Both processes now hold the verified key in memory.
      for (const p of [a, b, a, b]) expect((await call(p, 'GET', '/api/v1/me', m.key)).status).toBe(200);
      const revoking = round % 2 === 0 ? a : b;
      const other = revoking === a ? b : a;
      expect((await admin(revoking, 'DELETE', `/keys/${m.keyId}`)).status).toBeLessThan(300);
      expect((await call(other, 'GET', '/api/v1/me', m.key)).status).toBe(401);
      expect((await call(revoking, 'GET', '/api/v1/me', m.key)).status).toBe(401);
    }
  });

  it("a provider endpoint's rotated secret and its deactivation hold in either process on the very next notification", async () => {
    const m = await merchant('ultimate');
    const writer = (await admin(a, 'POST', `/merchants/${m.id}/keys`, { mode: 'live', write: true })).body.data.key as string;
    const first = `whsec_first_${Date.now()}`;
    const created = await call(a, 'POST', '/api/v1/integrations', writer, { provider: 'card', signingSecret: first });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    let n = 0;
    const notify = async (p: ServiceProcess, secret: string) => {
      n += 1;
      // An event that concerns no sale: the answer says only whether the signature was taken.
      const { payload, header } = signed(cardEvent('customer.created', { id: `cus_${n}_${Date.now()}`, object: 'customer' }), secret);
      const res = await fetch(`${p.base}/ingest/v1/${id}`, { method: 'POST', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, body: payload });
      return res.status;
    };
    // Both processes now hold the integration in memory.
    for (const p of [a, b, a, b]) expect(await notify(p, first)).toBe(200);
    let current = first;
    for (const [rotating, other] of [[a, b], [b, a]] as const) {
      const next = `${current}_next`;
      expect((await call(rotating, 'PATCH', `/api/v1/integrations/${id}`, writer, { signingSecret: next })).status).toBe(200);
      expect(await notify(other, current)).toBe(400);
      expect(await notify(other, next)).toBe(200);
      expect(await notify(rotating, next)).toBe(200);
      current = next;
    }
    expect((await call(b, 'PATCH', `/api/v1/integrations/${id}`, writer, { active: false })).status).toBe(200);
    // An inactive endpoint is not found, whatever the signature.
    expect(await notify(a, current)).toBe(404);
  });

  it("a plan change is seen at once by the other process (its limit and plan gates)", async () => {
    const m = await merchant('ultimate');
    expect((await call(b, 'GET', '/api/v1/me', m.key)).body.data.plan).toBe('ultimate');
    expect((await admin(a, 'PATCH', `/merchants/${m.id}`, { plan: 'professional' })).status).toBe(200);
    const me = await call(b, 'GET', '/api/v1/me', m.key);
    expect(me.body.data.plan).toBe('professional');
    expect(me.body.data.rateLimit.limit).toBe(60);
  });

  /** `total` requests from `workers` concurrent callers, alternating between the processes; how many were let through. */
  const burst = async (key: string, total: number, workers = 10) => {
    let sent = 0;
    let allowed = 0;
    await Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        while (sent < total) {
          sent += 1;
          const { status } = await call((sent + w) % 2 === 0 ? a : b, 'GET', '/api/v1/me', key);
          if (status === 200) allowed += 1;
          else expect(status).toBe(429);
        }
      }),
    );
    return allowed;
  };

  it('two processes share one limit: a Pro key gets at most 60 + 2 % of 150 concurrent requests', async () => {
    const m = await merchant('professional');
    const allowed = await burst(m.key, 150);
    expect(allowed).toBeGreaterThanOrEqual(59);
    expect(allowed).toBeLessThanOrEqual(61);
  });

  it('the limit holds when the test clock has just been moved on one process', async () => {
    const m = await merchant('professional');
    const now = (await admin(a, 'GET', '/clock')).body.data.now as string;
    // Into the next minute's window on the process that moves it; the other learns it from the database.
    expect((await admin(a, 'POST', '/clock', { now: new Date(Date.parse(now) + 61_000).toISOString() })).status).toBe(200);
    const allowed = await burst(m.key, 150);
    expect(allowed).toBeLessThanOrEqual(61);
    const seen = Date.parse((await admin(b, 'GET', '/clock')).body.data.now as string);
    expect(seen).toBeGreaterThanOrEqual(Date.parse(now) + 61_000);
  });
});
