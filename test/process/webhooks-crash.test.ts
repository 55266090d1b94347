import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../client/webhooks.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN = 'crash-admin-token';

type Running = ServiceProcess;

const startService = (env: Record<string, string>) => startServiceProcess({ ADMIN_TOKEN: ADMIN, ...env }, 'node');

const call = async (base: string, method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const until = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('webhook delivery survives a crash of the worker process', () => {
  let db: ScratchDatabase;
  let receiver: WebhookReceiver;
  let pool: pg.Pool;
  const running: Running[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    receiver = await startWebhookReceiver();
    pool = scratchPool(db.url);
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await pool.end();
    await receiver.close();
    await db.drop();
  });

  const env = (pollMs: number) => ({
    DATABASE_URL: db.url,
    WEBHOOK_DEV_ALLOWED_HOSTS: receiver.host,
    WEBHOOK_POLL_INTERVAL_MS: String(pollMs),
    // Only the poll loop works webhooks in these runs: the per-minute tick is set to never fire.
    JOB_TICK_CRON: '0 0 1 1 *',
  });
  const sql = async <T = any>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];

  it('an event committed just before SIGKILL is delivered exactly once after restart; one killed mid-send is sent again with the same id', async () => {
    // Process A only serves requests (no job worker), so nothing can deliver the event before it dies,
    // however slowly the machine runs.
    const a = await startService({ ...env(3_600_000), RUN_JOBS: '0' });
    running.push(a);
    const merchant = await call(a.base, 'POST', '/admin/v1/merchants', ADMIN, { businessName: 'Crash Co', email: 'crash@example.com', plan: 'scale' });
    const merchantId = merchant.body.data.id as string;
    const key = (await call(a.base, 'POST', `/admin/v1/merchants/${merchantId}/keys`, ADMIN, { mode: 'live', write: true })).body.data.key as string;
    const sub = await call(a.base, 'POST', '/api/v1/webhooks', key, { url: receiver.url(), events: ['affiliate.joined'] });
    expect(sub.status).toBe(201);
    const campaign = await call(a.base, 'POST', '/api/v1/campaigns', key, { name: 'Crash campaign', commissionType: 'percentage', commissionValue: 10 });
    expect(campaign.status).toBe(201);

    // The event commits in process A (a real producer: an affiliate signup)...
    const signup = await call(a.base, 'POST', `/admin/v1/merchants/${merchantId}/affiliate-signups`, ADMIN, { email: 'one@example.com', campaignId: campaign.body.data.id });
    expect(signup.status).toBe(201);
    expect(await sql('select dispatched_at from outbox_events')).toEqual([{ dispatched_at: null }]);
    // ...and A dies before it delivers anything.
    a.child.kill('SIGKILL');
    await a.exited;
    expect(receiver.received).toHaveLength(0);

    // Process B picks it up: exactly one delivery, one attempt.
    const b = await startService(env(100));
    running.push(b);
    await until('the first delivery', () => receiver.received.length >= 1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first!.json).toMatchObject({ event: 'affiliate.joined', data: { affiliateId: signup.body.data.affiliateId } });
    expect(verifyWebhookSignature(sub.body.data.secret, first!.headers['x-service-signature'] as string, first!.rawBody)).toBe(true);
    expect(await sql("select status, attempts from webhook_deliveries where event_type = 'affiliate.joined'")).toEqual([{ status: 'succeeded', attempts: 1 }]);
    expect(await sql('select count(*)::int as n from outbox_events where dispatched_at is null')).toEqual([{ n: 0 }]);

    // Now kill B while it waits for the endpoint's answer to a second event.
    receiver.reply = () => ({ status: 200, delayMs: 60_000 });
    await call(b.base, 'POST', `/admin/v1/merchants/${merchantId}/affiliate-signups`, ADMIN, { email: 'two@example.com', campaignId: campaign.body.data.id });
    await until('the second delivery to start', () => receiver.received.length >= 2);
    b.child.kill('SIGKILL');
    await b.exited;
    const interrupted = receiver.received[1]!;
    receiver.reply = () => ({ status: 200, body: 'ok' });
    // The claim was committed before the send: the delivery is pending and in flight (leased), nothing logged yet.
    expect(await sql('select status, lease_expires_at is not null as in_flight from webhook_deliveries where id = $1', [interrupted.json.id])).toEqual([
      { status: 'pending', in_flight: true },
    ]);
    expect(await sql('select count(*)::int as n from webhook_delivery_attempts where delivery_id = $1', [interrupted.json.id])).toEqual([{ n: 0 }]);

    // Once its lease runs out, the next process logs the attempt as interrupted and sends it again, same id.
    // The lease (25 s, longer than an attempt can take) is moved into the past rather than waited for.
    await sql(`update webhook_deliveries set lease_expires_at = now() - interval '1 millisecond' where id = $1`, [interrupted.json.id]);
    const c = await startService(env(100));
    running.push(c);
    await until('the resent second delivery', () => receiver.received.length >= 3, 60_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.json.id).toBe(interrupted.json.id);
    expect(receiver.received[2]!.rawBody).toBe(interrupted.rawBody);
    const log = await sql('select attempt, succeeded, error from webhook_delivery_attempts where delivery_id = $1 order by attempt', [interrupted.json.id]);
    expect(log).toEqual([
      { attempt: 1, succeeded: false, error: expect.stringMatching(/^interrupted/) },
      { attempt: 2, succeeded: true, error: null },
    ]);
    c.child.kill('SIGTERM');
    await c.exited;
  }, 180_000);
});
