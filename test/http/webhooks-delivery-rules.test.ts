import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventOutbox, OutboxEvent } from '../../application/ports/event-outbox.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { WebhookDeliveryRepository } from '../../application/ports/webhook-repositories.js';
import { FanOutWebhookEvents } from '../../application/webhooks/webhook-fan-out.js';
import { skipDelivery } from '../../domain/webhook/index.js';
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
  let deliveries: WebhookDeliveryRepository;
  let m: TestMerchant;

  beforeAll(async () => {
    fast = await startWebhookReceiver();
    slow = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [fast.host, slow.host] });
    scope = t.service.container.resolve(TOKENS.RequestScope);
    uow = t.service.container.resolve(TOKENS.UnitOfWork);
    outbox = t.service.container.resolve(TOKENS.EventOutbox);
    deliveries = t.service.container.resolve(TOKENS.WebhookDeliveryRepository);
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
  /** Outbox events become deliveries, and nothing is claimed yet. */
  const fanOutOnly = async () => {
    const c = t.service.container;
    const fanOut = new FanOutWebhookEvents(
      uow,
      c.resolve(TOKENS.PendingOutboxEvents),
      c.resolve(TOKENS.WebhookSubscriptionRepository),
      deliveries,
      c.resolve(TOKENS.Ids),
      c.resolve(TOKENS.Clock),
    );
    await fanOut.run(await serviceNow(), 500, 5_000);
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

  it("an inactive subscription's due deliveries are settled skipped by the dispatcher, at the service clock's now, with no event", async () => {
    const inactive = await subscribe(m, fast.url());
    const active = await subscribe(m, fast.url());
    await record(m.id, 3);
    // Fanned out while active, deactivated before their turn.
    await scope(() => fanOutOnly());
    expect((await t.api('PATCH', `/webhooks/${inactive.id}`, m.liveKey, { active: false })).status).toBe(200);
    const moved = new Date((await serviceNow()).getTime() + DAY);
    expect((await t.admin('POST', '/clock', { now: moved.toISOString() })).status).toBe(200);
    const [events] = await t.sql<{ n: number }>('select count(*)::int as n from outbox_events where merchant_id = $1', [m.id]);
    await runJobs();
    const after = await serviceNow();
    const rows = await t.sql<{ status: string; next_attempt_at: Date | null; updated_at: Date; attempts: number; leased: boolean }>(
      'select status, next_attempt_at, updated_at, attempts, lease_expires_at is not null as leased from webhook_deliveries where subscription_id = $1',
      [inactive.id],
    );
    expect(rows.map(({ updated_at: _, ...rest }) => rest)).toEqual(
      Array.from({ length: 3 }, () => ({ status: 'skipped', next_attempt_at: null, attempts: 0, leased: false })),
    );
    // The service clock's now (a day ahead), given to the domain's skip: not the database's own time.
    for (const row of rows) {
      expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(moved.getTime());
      expect(row.updated_at.getTime()).toBeLessThanOrEqual(after.getTime());
    }
    expect(await t.sql('select distinct status from webhook_deliveries where subscription_id = $1', [active.id])).toEqual([{ status: 'succeeded' }]);
    expect(fast.received).toHaveLength(3);
    expect(await t.sql('select count(*)::int as n from webhook_delivery_attempts where subscription_id = $1', [inactive.id])).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*)::int as n from outbox_events where merchant_id = $1', [m.id])).toEqual([events]);
  });

  it('the claim returns inactive subscriptions\' due deliveries unchanged; saving their skip leaves rows claimed or settled meanwhile alone', async () => {
    const sub = await subscribe(m, fast.url());
    await record(m.id, 3);
    await scope(() => fanOutOnly());
    expect((await t.api('PATCH', `/webhooks/${sub.id}`, m.liveKey, { active: false })).status).toBe(200);
    const now = await serviceNow();
    const claim = await scope(() => deliveries.claimDue(now, { batch: 10, perSubscription: 5, leaseMs: 25_000 }));
    // The claim is global: other tests' subscriptions are left out.
    expect(claim.claimed.filter((c) => c.subscription.id === sub.id)).toEqual([]);
    const toSkip = claim.toSkip.filter((d) => d.subscriptionId === sub.id);
    expect(toSkip.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    const pending = await t.sql('select status, lease_expires_at from webhook_deliveries where subscription_id = $1', [sub.id]);
    expect(pending).toEqual(Array.from({ length: 3 }, () => ({ status: 'pending', lease_expires_at: null })));
    // Meanwhile another worker claimed one (re-enabled in between) and one was settled.
    const [leased, settled, free] = toSkip;
    await t.sql("update webhook_deliveries set lease_expires_at = now() + interval '1 minute' where id = $1", [leased!.id]);
    await t.sql("update webhook_deliveries set status = 'failed', next_attempt_at = null where id = $1", [settled!.id]);
    const written = await scope(() => uow.transaction(() => deliveries.updateIfUnclaimed(toSkip.map((d) => skipDelivery(d, now)))));
    expect(written).toBe(1);
    const rows = await t.sql<{ id: string; status: string; leased: boolean }>(
      'select id, status, lease_expires_at is not null as leased from webhook_deliveries where subscription_id = $1',
      [sub.id],
    );
    expect(new Map(rows.map((r) => [r.id, { status: r.status, leased: r.leased }]))).toEqual(
      new Map([
        [leased!.id, { status: 'pending', leased: true }],
        [settled!.id, { status: 'failed', leased: false }],
        [free!.id, { status: 'skipped', leased: false }],
      ]),
    );
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
