import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventOutbox, OutboxEvent } from '../../application/ports/event-outbox.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { checkWebhookSignature } from '../../client/webhooks.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const DAY = 86_400_000;

/** The worker's delivery rules that concurrency must not bend: the signature's time, the exact pause, fairness. */
describe('webhook delivery rules under concurrency', () => {
  let t: TestService;
  let fast: WebhookReceiver;
  let slow: WebhookReceiver;
  let scope: RequestScope;
  let uow: UnitOfWork;
  let outbox: EventOutbox;
  let m: TestMerchant;

  beforeAll(async () => {
    fast = await startWebhookReceiver();
    slow = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [fast.host, slow.host] });
    scope = t.service.container.resolve(TOKENS.RequestScope);
    uow = t.service.container.resolve(TOKENS.UnitOfWork);
    outbox = t.service.container.resolve(TOKENS.EventOutbox);
  });
  afterAll(async () => {
    await t.close();
    await fast.close();
    await slow.close();
  });
  beforeEach(async () => {
    m = await createMerchant(t, 'ultimate');
    for (const r of [fast, slow]) {
      r.reply = () => ({ status: 200, body: 'ok' });
      r.clear();
    }
  });

  const serviceNow = async () => new Date((await t.admin('GET', '/clock')).body.data.now);
  const subscribe = async (merchant: TestMerchant, url: string) => {
    const res = await t.api('POST', '/webhooks', merchant.liveKey, { url, events: ['conversion.created'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; secret: string };
  };
  /** `count` conversion.created events of the merchant, committed at once. */
  const record = async (merchantId: string, count: number) => {
    const occurredAt = await serviceNow();
    const events: OutboxEvent[] = Array.from({ length: count }, (_, i) => ({
      merchantId,
      mode: 'live',
      type: 'conversion.created',
      payload: { conversionId: `c-${i}` },
      occurredAt,
    }));
    await scope(() => uow.transaction(() => outbox.record(events)));
  };
  const runJobs = async () => {
    const res = await t.admin('POST', '/jobs/run');
    expect(res.status).toBe(200);
  };

  it("signs with the real time while the envelope keeps the service clock's; a moved test clock does not break verification", async () => {
    const sub = await subscribe(m, fast.url());
    const moved = new Date(Date.now() + 2 * DAY);
    expect((await t.admin('POST', '/clock', { now: moved.toISOString() })).status).toBe(200);
    await record(m.id, 1);
    await runJobs();
    const [w] = await fast.waitFor(1);
    // The receiver checks against its own clock (the default).
    const checked = checkWebhookSignature(sub.secret, w!.headers['x-service-signature'] as string, w!.rawBody);
    expect(checked).toMatchObject({ valid: true });
    expect(Math.abs(Number(/t=(\d+)/.exec(w!.headers['x-service-signature'] as string)![1]) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(new Date(w!.json.timestamp).getTime()).toBeGreaterThan(Date.now() + DAY);
    const [state] = await t.sql('select active, consecutive_failures from webhook_subscriptions where id = $1', [sub.id]);
    expect(state).toEqual({ active: true, consecutive_failures: 0 });
  });

  it('a burst against a failing endpoint makes exactly 5 attempts: the 5th failure pauses, nothing is sent after it', async () => {
    const sub = await subscribe(m, slow.url());
    // Slow failures, so that many deliveries would be in flight at once if the worker allowed it.
    slow.reply = () => ({ status: 500, body: 'down', delayMs: 150 });
    await record(m.id, 30);
    await runJobs();
    await runJobs();
    expect(slow.received).toHaveLength(5);
    const [state] = await t.sql('select active, consecutive_failures, paused_at is not null as paused from webhook_subscriptions where id = $1', [sub.id]);
    expect(state).toEqual({ active: false, consecutive_failures: 5, paused: true });
    expect(await t.sql("select status, count(*)::int as n from webhook_deliveries where subscription_id = $1 group by status order by status", [sub.id])).toEqual([
      { status: 'failed', n: 5 },
      { status: 'skipped', n: 25 },
    ]);
    expect(await t.sql('select count(*)::int as n from webhook_delivery_attempts where subscription_id = $1', [sub.id])).toEqual([{ n: 5 }]);
  });

  it("a slow endpoint does not delay another subscription's deliveries", async () => {
    const other = await createMerchant(t, 'ultimate');
    await subscribe(m, slow.url());
    await subscribe(other, fast.url());
    slow.reply = () => ({ status: 200, body: 'slowly', delayMs: 1_000 });
    // The slow subscription's backlog is older than the fast one's events.
    await record(m.id, 20);
    await record(other.id, 10);
    const started = performance.now();
    const run = runJobs();
    await fast.waitFor(10, 20_000);
    const fastDone = performance.now() - started;
    const slowSoFar = slow.received.length;
    await run;
    expect(slow.received).toHaveLength(20);
    // All ten fast deliveries arrived while the slow backlog (20 × 1 s, a few at a time) was still draining.
    expect(slowSoFar).toBeLessThan(20);
    expect(fastDone).toBeLessThan(2_000);
  }, 60_000);
});
