import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventOutbox, OutboxEvent } from '../../application/ports/event-outbox.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { checkWebhookSignature, verifyWebhookSignature } from '../../client/webhooks.js';
import { payoutEventPayload, WEBHOOK_EVENT_TYPES } from '../../domain/webhook/index.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';

const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((e) => e !== 'ping');
const ids = { campaign: '01900000-0000-7000-8000-00000000000a', affiliate: '01900000-0000-7000-8000-00000000000b' };

/** Representative `data` for every event type, in the documented shapes (docs/events.md). */
const payloadFor = (type: string, n = 1): Record<string, unknown> => {
  if (type.startsWith('conversion.')) {
    const status = { 'conversion.created': 'pending', 'conversion.updated': 'approved', 'conversion.approved': 'approved', 'conversion.rejected': 'rejected', 'conversion.paid': 'paid' }[type];
    return { conversionId: `c-${n}`, campaignId: ids.campaign, affiliateId: ids.affiliate, amount: '100.00', taxAmount: null, commission: '20.00', currency: 'usd', status };
  }
  if (type === 'affiliate.payout_details_completed') {
    return { affiliateId: ids.affiliate, payoutMethod: 'wallet_a', payoutEmail: 'pay@example.com', completedAt: '2026-11-22T10:00:00.000Z' };
  }
  if (type.startsWith('affiliate.')) {
    const status = { 'affiliate.joined': 'pending', 'affiliate.approved': 'approved', 'affiliate.rejected': 'rejected' }[type];
    return { affiliateId: ids.affiliate, campaignId: ids.campaign, status, previousStatus: type === 'affiliate.joined' ? null : 'pending', joinedAt: '2026-11-22T10:00:00.000Z' };
  }
  if (type === 'payout.completed' || type === 'payout.failed') {
    return {
      ...payoutEventPayload(type, {
        id: `p-${n}`,
        conversionId: `c-${n}`,
        campaignId: ids.campaign,
        affiliateId: ids.affiliate,
        amount: '20.00',
        currency: 'usd',
        payoutMethod: 'connect',
        scheduledDate: '2026-11-30',
        attempts: 1,
        completedAt: new Date('2026-11-30T09:00:00Z'),
        cardTransferId: type === 'payout.completed' ? 'tr_123' : null,
        failureReason: type === 'payout.failed' ? 'account_closed' : null,
      }),
    };
  }
  return {
    awardId: `a-${n}`, goalId: 'g-1', goalName: 'November push', teamId: 't-1', teamName: 'Team A', affiliateId: ids.affiliate,
    affiliateEmail: 'aff@example.com', affiliateName: 'Aff', amount: '50.00', currency: 'usd', periodKey: '2026-11',
    status: type === 'bonus.awarded' ? 'pending' : type === 'bonus.paid' ? 'paid' : 'cancelled', payoutMethod: null,
  };
};

describe('webhooks end to end against a real local receiver', () => {
  let t: TestService;
  let receiver: WebhookReceiver;
  let m: TestMerchant;
  let scope: RequestScope;
  let uow: UnitOfWork;
  let outbox: EventOutbox;

  const record = async (merchantId: string, type: string, payload = payloadFor(type), mode: 'live' | 'test' = 'live') => {
    const event: OutboxEvent = { merchantId, mode, type, payload, occurredAt: new Date((await serviceNow()).getTime() - 1000) };
    await scope(() => uow.transaction(() => outbox.record([event])));
  };
  const runJobs = async () => {
    const res = await t.admin('POST', '/jobs/run');
    expect(res.status).toBe(200);
    return res.body.data as Record<string, number>;
  };
  const serviceNow = async () => new Date((await t.admin('GET', '/clock')).body.data.now);
  const advance = async (ms: number) => t.admin('POST', '/clock', { now: new Date((await serviceNow()).getTime() + ms).toISOString() });
  const subscribe = async (key: string, events: readonly string[] = SUBSCRIBABLE, extra: Record<string, unknown> = {}) => {
    const res = await t.api('POST', '/webhooks', key, { url: receiver.url(), events, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; secret: string; url: string; events: string[] };
  };
  // The receiver's own clock: signatures carry the real time, whatever the service's test clock says.
  const verifies = async (secret: string, w: ReceivedWebhook) => verifyWebhookSignature(secret, w.headers['x-service-signature'] as string, w.rawBody);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [receiver.host], logLevel: process.env.WH_LOG ?? 'silent' });
    const c = t.service.container;
    scope = c.resolve(TOKENS.RequestScope);
    uow = c.resolve(TOKENS.UnitOfWork);
    outbox = c.resolve(TOKENS.EventOutbox);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    m = await createMerchant(t, 'ultimate');
    receiver.reply = () => ({ status: 200, body: 'ok' });
    receiver.clear();
  });

  describe('subscriptions', () => {
    it('is an Ultimate feature: Pro answers 403 plan_insufficient on every endpoint', async () => {
      const pro = await createMerchant(t, 'professional');
      const some = '01900000-0000-7000-8000-000000000001';
      for (const [method, path, body] of [
        ['GET', '/webhooks'],
        ['POST', '/webhooks', { url: receiver.url(), events: ['ping'] }],
        ['PATCH', `/webhooks/${some}`, { active: true }],
        ['DELETE', `/webhooks/${some}`],
        ['GET', `/webhooks/${some}/deliveries`],
        ['POST', `/webhooks/${some}/rotate`],
        ['POST', `/webhooks/${some}/test`],
      ] as const) {
        const res = await t.api(method, path, pro.liveKey, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('plan_insufficient');
      }
      const scale = await createMerchant(t, 'scale');
      expect((await t.api('GET', '/webhooks', scale.liveKey)).status).toBe(200);
    });

    it('needs a write key to change anything; a read key lists', async () => {
      expect((await t.api('POST', '/webhooks', m.liveReadKey, { url: receiver.url(), events: ['ping'] })).body.error.code).toBe(
        'insufficient_permissions',
      );
      expect((await t.api('GET', '/webhooks', m.liveReadKey)).status).toBe(200);
    });

    it('creates with a 64-hex secret shown once; lists and reads never show it', async () => {
      const created = await t.api('POST', '/webhooks', m.liveKey, { url: receiver.url(), events: ['conversion.created', 'conversion.created', 'payout.failed'] });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ url: receiver.url(), events: ['conversion.created', 'payout.failed'], active: true, maxRetries: 0 });
      expect(created.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(typeof created.body.data.createdAt).toBe('string');
      const list = await t.api('GET', '/webhooks', m.liveKey);
      expect(list.status).toBe(200);
      expect(list.body.pagination).toEqual({ page: 1, limit: 25, total: 1, totalPages: 1 });
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).not.toHaveProperty('secret');
      expect(JSON.stringify(list.body)).not.toContain(created.body.data.secret);
      const one = await t.api('GET', `/webhooks/${created.body.data.id}`, m.liveKey);
      expect(one.body.data).toEqual(list.body.data[0]);
    });

    it('refuses unknown event names, empty lists, bad URLs and unknown fields with 400 validation_error', async () => {
      const unknown = await t.api('POST', '/webhooks', m.liveKey, { url: receiver.url(), events: ['conversion.created', 'conversion.exploded'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('validation_error');
      expect(unknown.body.error.details).toEqual([{ field: 'events.1', message: expect.stringContaining('conversion.exploded') }]);
      for (const body of [
        { url: receiver.url(), events: [] },
        { url: receiver.url() },
        { events: ['ping'] },
        { url: 'not a url', events: ['ping'] },
        { url: 'http://example.com/hook', events: ['ping'] },
        { url: 'ftp://example.com/hook', events: ['ping'] },
        { url: receiver.url(), events: ['ping'], secret: 'mine' },
        { url: receiver.url(), events: ['ping'], maxRetries: 9 },
      ]) {
        const res = await t.api('POST', '/webhooks', m.liveKey, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
      expect((await t.api('GET', '/webhooks', m.liveKey)).body.data).toEqual([]);
    });

    it('patches url, events and maxRetries and answers the subscription; unknown events and empty bodies are 400', async () => {
      const sub = await subscribe(m.liveKey, ['ping']);
      const patched = await t.api('PATCH', `/webhooks/${sub.id}`, m.liveKey, { url: receiver.url('/v2'), events: ['bonus.paid'], maxRetries: 3 });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ id: sub.id, url: receiver.url('/v2'), events: ['bonus.paid'], maxRetries: 3, active: true });
      expect(patched.body.data).not.toHaveProperty('secret');
      expect((await t.api('PATCH', `/webhooks/${sub.id}`, m.liveKey, { events: ['nope'] })).status).toBe(400);
      expect((await t.api('PATCH', `/webhooks/${sub.id}`, m.liveKey, {})).status).toBe(400);
      expect((await t.api('PATCH', `/webhooks/${sub.id}`, m.liveKey, { url: 'https://localhost/x' })).status).toBe(400);
    });

    it("is the caller's own: other merchants, the other mode and malformed ids get 404", async () => {
      const sub = await subscribe(m.liveKey, ['ping']);
      const other = await createMerchant(t, 'ultimate');
      expect((await t.api('GET', `/webhooks/${sub.id}`, other.liveKey)).status).toBe(404);
      expect((await t.api('PATCH', `/webhooks/${sub.id}`, other.liveKey, { active: false })).status).toBe(404);
      expect((await t.api('POST', `/webhooks/${sub.id}/rotate`, m.testKey)).status).toBe(404);
      expect((await t.api('GET', '/webhooks/not-a-uuid', m.liveKey)).status).toBe(404);
      expect((await t.api('GET', '/webhooks', m.testKey)).body.data).toEqual([]);
    });

    it('DELETE /webhooks/:id and DELETE /webhooks?id= deactivate; PATCH active: true brings it back', async () => {
      const a = await subscribe(m.liveKey, ['conversion.created']);
      const b = await subscribe(m.liveKey, ['conversion.created']);
      const delA = await t.api('DELETE', `/webhooks/${a.id}`, m.liveKey);
      expect(delA.status).toBe(200);
      expect(delA.body.data).toEqual({ id: a.id, active: false });
      const delB = await t.api('DELETE', `/webhooks?id=${b.id}`, m.liveKey);
      expect(delB.body.data).toEqual({ id: b.id, active: false });
      expect((await t.api('DELETE', '/webhooks', m.liveKey)).status).toBe(400);
      expect((await t.api('GET', '/webhooks', m.liveKey)).body.data.map((s: { active: boolean }) => s.active)).toEqual([false, false]);
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(0);
      await t.api('PATCH', `/webhooks/${a.id}`, m.liveKey, { active: true });
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(1);
    });
  });

  describe('delivery', () => {
    it('delivers every event type signed, with the envelope { event, data, timestamp, id }, verifiable with the helper', async () => {
      const sub = await subscribe(m.liveKey);
      for (const type of SUBSCRIBABLE) await record(m.id, type);
      const ran = await runJobs();
      expect(ran['webhook-dispatch']).toBe(SUBSCRIBABLE.length * 2);
      const got = await receiver.waitFor(SUBSCRIBABLE.length);
      expect(got.map((w) => w.json.event).sort()).toEqual([...SUBSCRIBABLE].sort());
      for (const w of got) {
        expect(Object.keys(w.json)).toEqual(['event', 'data', 'timestamp', 'id']);
        expect(w.json.data).toEqual(payloadFor(w.json.event));
        expect(w.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(w.headers['content-type']).toBe('application/json');
        expect(w.headers['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(w.headers['x-service-event']).toBe(w.json.event);
        expect(w.headers['x-service-delivery']).toBe(w.json.id);
        expect(await verifies(sub.secret, w), w.json.event).toBe(true);
        // A tampered body or another secret does not verify.
        expect(verifyWebhookSignature(sub.secret, w.headers['x-service-signature'] as string, `${w.rawBody} `)).toBe(false);
        expect(verifyWebhookSignature('0'.repeat(64), w.headers['x-service-signature'] as string, w.rawBody)).toBe(false);
      }
      expect(new Set(got.map((w) => w.json.id)).size).toBe(SUBSCRIBABLE.length);
      // The outbox is drained, and each attempt is in the log.
      expect(await t.sql('select count(*)::int as n from outbox_events where dispatched_at is null')).toEqual([{ n: 0 }]);
      const log = await t.api('GET', `/webhooks/${sub.id}/deliveries?limit=100`, m.liveKey);
      expect(log.body.data).toHaveLength(SUBSCRIBABLE.length);
      expect(log.body.data[0]).toMatchObject({ subscriptionId: sub.id, trigger: 'automatic', attempt: 1, status: 'succeeded', success: true, httpStatus: 200, responseBody: 'ok', error: null, url: receiver.url() });
      expect(log.body.data.map((a: { deliveryId: string }) => a.deliveryId).sort()).toEqual(got.map((w) => w.json.id).sort());
      // Nothing is sent twice.
      await runJobs();
      expect(receiver.received).toHaveLength(SUBSCRIBABLE.length);
    });

    it('sends an event only to active subscriptions listening for it, one delivery each', async () => {
      const conversions = await subscribe(m.liveKey, ['conversion.created']);
      const payouts = await subscribe(m.liveKey, ['payout.completed']);
      const both = await subscribe(m.liveKey, ['conversion.created', 'payout.completed']);
      await record(m.id, 'conversion.created');
      await record(m.id, 'payout.completed');
      await record(m.id, 'bonus.paid');
      await runJobs();
      const rows = await t.sql<{ subscription_id: string; event_type: string }>(
        'select subscription_id, event_type from webhook_deliveries where merchant_id = $1 order by event_type, subscription_id',
        [m.id],
      );
      const expected = [
        { subscription_id: conversions.id, event_type: 'conversion.created' },
        { subscription_id: both.id, event_type: 'conversion.created' },
        { subscription_id: payouts.id, event_type: 'payout.completed' },
        { subscription_id: both.id, event_type: 'payout.completed' },
      ];
      const byKey = (r: { subscription_id: string; event_type: string }) => `${r.event_type}/${r.subscription_id}`;
      expect(rows.map(byKey).sort()).toEqual(expected.map(byKey).sort());
      expect(receiver.received).toHaveLength(4);
    });

    it('a real producer: an affiliate signup commits affiliate.joined and it arrives', async () => {
      const sub = await subscribe(m.liveKey, ['affiliate.joined']);
      const campaign = await t.api('POST', '/campaigns', m.liveKey, { name: 'Hooks campaign', commissionType: 'percentage', commissionValue: 10 });
      expect(campaign.status).toBe(201);
      const signup = await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email: `joiner-${m.id}@example.com`, campaignId: campaign.body.data.id });
      expect(signup.status).toBe(201);
      await runJobs();
      const [w] = await receiver.waitFor(1);
      expect(w!.json.event).toBe('affiliate.joined');
      expect(w!.json.data).toMatchObject({ affiliateId: signup.body.data.affiliateId, campaignId: campaign.body.data.id, status: 'pending' });
      expect(await verifies(sub.secret, w!)).toBe(true);
    });

    it('test-key activity dispatches nothing; test-mode subscriptions never receive events', async () => {
      const live = await subscribe(m.liveKey, ['conversion.created']);
      const testSub = await subscribe(m.testKey, ['conversion.created']);
      expect((await t.api('GET', '/webhooks', m.liveKey)).body.data.map((s: { id: string }) => s.id)).toEqual([live.id]);
      expect((await t.api('GET', '/webhooks', m.testKey)).body.data.map((s: { id: string }) => s.id)).toEqual([testSub.id]);
      await record(m.id, 'conversion.created', payloadFor('conversion.created'), 'test');
      const ran = await runJobs();
      expect(ran['webhook-dispatch']).toBe(1);
      expect(receiver.received).toHaveLength(0);
      expect(await t.sql('select count(*)::int as n from webhook_deliveries where merchant_id = $1', [m.id])).toEqual([{ n: 0 }]);
      expect(await t.sql("select count(*)::int as n from outbox_events where merchant_id = $1 and mode = 'test' and dispatched_at is null", [m.id])).toEqual([{ n: 0 }]);
      // A live event reaches the live subscription only.
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(1);
      expect(await t.sql('select subscription_id from webhook_deliveries where merchant_id = $1', [m.id])).toEqual([{ subscription_id: live.id }]);
    });

    it('answers the test endpoint with { success, httpStatus, responseBody, url } after a signed ping', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      receiver.reply = () => ({ status: 202, body: 'pong' });
      const res = await t.api('POST', `/webhooks/${sub.id}/test`, m.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ success: true, httpStatus: 202, responseBody: 'pong', url: sub.url, error: null });
      const [ping] = receiver.received;
      expect(ping!.json).toMatchObject({ event: 'ping', id: res.body.data.deliveryId, data: { subscriptionId: sub.id, url: sub.url } });
      expect(await verifies(sub.secret, ping!)).toBe(true);
      receiver.reply = () => ({ status: 503, body: 'down' });
      const failed = await t.api('POST', `/webhooks/${sub.id}/test`, m.liveKey);
      expect(failed.body.data).toMatchObject({ success: false, httpStatus: 503, responseBody: 'down', url: sub.url, error: 'HTTP 503' });
      const log = await t.api('GET', `/webhooks/${sub.id}/deliveries`, m.liveKey);
      expect(log.body.data.map((a: { event: string; trigger: string; status: string }) => [a.event, a.trigger, a.status])).toEqual([
        ['ping', 'test', 'failed'],
        ['ping', 'test', 'succeeded'],
      ]);
      // Manual sends never count towards the pause rule.
      expect((await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data.consecutiveFailures).toBe(0);
      // A test-mode subscription can be pinged too.
      const testSub = await subscribe(m.testKey, ['conversion.created']);
      expect((await t.api('POST', `/webhooks/${testSub.id}/test`, m.testKey)).body.data.httpStatus).toBe(503);
    });

    it('records a failure without following redirects', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      receiver.reply = () => ({ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(1);
      const [attempt] = (await t.api('GET', `/webhooks/${sub.id}/deliveries`, m.liveKey)).body.data;
      expect(attempt).toMatchObject({ status: 'failed', httpStatus: 302, error: expect.stringContaining('not followed') });
    });

    it('caps the response body it keeps', async () => {
      const sub = await subscribe(m.liveKey, ['ping']);
      receiver.reply = () => ({ status: 200, body: 'x'.repeat(100_000) });
      const res = await t.api('POST', `/webhooks/${sub.id}/test`, m.liveKey);
      expect(res.body.data.success).toBe(true);
      expect(res.body.data.responseBody.length).toBe(4096);
    });
  });

  describe('failures, pause and re-enable', () => {
    it('pauses after 5 consecutive failures and notifies in-app and by email', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      receiver.reply = () => ({ status: 500, body: 'boom' });
      for (let i = 0; i < 4; i += 1) await record(m.id, 'conversion.created', payloadFor('conversion.created', i));
      await runJobs();
      let state = (await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data;
      expect(state).toMatchObject({ active: true, consecutiveFailures: 4, pausedAt: null });
      expect((await t.admin('GET', `/merchants/${m.id}/notifications`)).body.data).toEqual([]);

      await record(m.id, 'conversion.created', payloadFor('conversion.created', 5));
      await runJobs();
      state = (await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data;
      expect(state).toMatchObject({ active: false, consecutiveFailures: 5 });
      expect(state.pausedAt).not.toBeNull();
      const notes = (await t.admin('GET', `/merchants/${m.id}/notifications`)).body.data;
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ kind: 'webhook_paused', message: expect.stringContaining(sub.id) });
      const mails = await t.sql('select kind, recipient, subject, body from mail_outbox where merchant_id = $1', [m.id]);
      const merchant = (await t.sql('select email from merchants where id = $1', [m.id]))[0];
      expect(mails).toEqual([{ kind: 'webhook_paused', recipient: merchant.email, subject: expect.any(String), body: expect.stringContaining(sub.url) }]);
      const log = (await t.api('GET', `/webhooks/${sub.id}/deliveries`, m.liveKey)).body.data;
      expect(log).toHaveLength(5);
      expect(log[0]).toMatchObject({ status: 'failed', success: false, httpStatus: 500, responseBody: 'boom', error: 'HTTP 500' });

      // Paused: new events are not sent.
      receiver.clear();
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(0);

      // Re-enable resets the count, and deliveries flow again (and nobody is notified twice).
      const enabled = await t.api('PATCH', `/webhooks/${sub.id}`, m.liveKey, { active: true });
      expect(enabled.body.data).toMatchObject({ active: true, consecutiveFailures: 0, pausedAt: null });
      receiver.reply = () => ({ status: 200, body: 'ok' });
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(1);
      expect((await t.admin('GET', `/merchants/${m.id}/notifications`)).body.data).toHaveLength(1);
    });

    it('a success resets the count, so failures must be consecutive', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      let failing = true;
      receiver.reply = () => ({ status: failing ? 500 : 200 });
      for (let i = 0; i < 4; i += 1) await record(m.id, 'conversion.created', payloadFor('conversion.created', i));
      await runJobs();
      failing = false;
      await record(m.id, 'conversion.created');
      await runJobs();
      expect((await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data.consecutiveFailures).toBe(0);
      failing = true;
      for (let i = 0; i < 4; i += 1) await record(m.id, 'conversion.created', payloadFor('conversion.created', i));
      await runJobs();
      expect((await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data).toMatchObject({ active: true, consecutiveFailures: 4 });
    });

    it('a connection that fails (nothing listening) is a failed attempt with no HTTP status', async () => {
      const closed = await startWebhookReceiver();
      await closed.close();
      const t2 = await startTestService({ webhookDevAllowedHosts: [closed.host] }, t.db);
      try {
        const res = await t2.api('POST', '/webhooks', m.liveKey, { url: closed.url(), events: ['ping'] });
        const ping = await t2.api('POST', `/webhooks/${res.body.data.id}/test`, m.liveKey);
        expect(ping.body.data).toMatchObject({ success: false, httpStatus: null, responseBody: null, error: expect.stringContaining('ECONNREFUSED') });
      } finally {
        await t2.close();
      }
    });
  });

  describe('rotate and resend', () => {
    it('rotate: the old secret stops verifying at once, the new one verifies', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      const rotated = await t.api('POST', `/webhooks/${sub.id}/rotate`, m.liveKey);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data).toEqual({ id: sub.id, secret: expect.stringMatching(/^[0-9a-f]{64}$/), message: expect.any(String) });
      expect(rotated.body.data.secret).not.toBe(sub.secret);
      expect(JSON.stringify((await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body)).not.toContain(rotated.body.data.secret);
      await record(m.id, 'conversion.created');
      await runJobs();
      const [w] = await receiver.waitFor(1);
      expect(await verifies(sub.secret, w!)).toBe(false);
      expect(await verifies(rotated.body.data.secret, w!)).toBe(true);
    });

    it('resend repeats the envelope (same id, same body) and answers the new attempt; by delivery or attempt id', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      receiver.reply = () => ({ status: 500 });
      await record(m.id, 'conversion.created');
      await runJobs();
      const [first] = await receiver.waitFor(1);
      const [failed] = (await t.api('GET', `/webhooks/${sub.id}/deliveries`, m.liveKey)).body.data;
      expect(failed.deliveryId).toBe(first!.json.id);

      receiver.reply = () => ({ status: 200, body: 'thanks' });
      const resent = await t.api('POST', `/webhooks/${sub.id}/deliveries/${failed.deliveryId}/resend`, m.liveKey);
      expect(resent.status).toBe(200);
      expect(resent.body.data).toMatchObject({ deliveryId: first!.json.id, trigger: 'resend', attempt: 2, status: 'succeeded', httpStatus: 200, responseBody: 'thanks', event: 'conversion.created' });
      const again = await t.api('POST', `/webhooks/${sub.id}/deliveries/${failed.id}/resend`, m.liveKey);
      expect(again.body.data).toMatchObject({ deliveryId: first!.json.id, attempt: 3 });
      const [, second, third] = await receiver.waitFor(3);
      expect(second!.json.id).toBe(first!.json.id);
      expect(second!.rawBody).toBe(first!.rawBody);
      expect(third!.rawBody).toBe(first!.rawBody);
      expect(await verifies(sub.secret, second!)).toBe(true);
      // A resend after rotation is signed with the current secret.
      const rotated = (await t.api('POST', `/webhooks/${sub.id}/rotate`, m.liveKey)).body.data.secret as string;
      await t.api('POST', `/webhooks/${sub.id}/deliveries/${failed.deliveryId}/resend`, m.liveKey);
      const [, , , fourth] = await receiver.waitFor(4);
      expect(await verifies(rotated, fourth!)).toBe(true);

      const missing = await t.api('POST', `/webhooks/${sub.id}/deliveries/01900000-0000-7000-8000-0000000000ff/resend`, m.liveKey);
      expect(missing.status).toBe(404);
      const other = await subscribe(m.liveKey, ['ping']);
      expect((await t.api('POST', `/webhooks/${other.id}/deliveries/${failed.deliveryId}/resend`, m.liveKey)).status).toBe(404);
    });

    it('lists at most `limit` attempts (up to 100), newest first', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      for (let i = 0; i < 3; i += 1) await record(m.id, 'conversion.created', payloadFor('conversion.created', i));
      await runJobs();
      const two = await t.api('GET', `/webhooks/${sub.id}/deliveries?limit=2`, m.liveKey);
      expect(two.body.data).toHaveLength(2);
      expect(two.body.data[0].createdAt >= two.body.data[1].createdAt).toBe(true);
      expect((await t.api('GET', `/webhooks/${sub.id}/deliveries?limit=101`, m.liveKey)).status).toBe(400);
      expect((await t.api('GET', `/webhooks/${sub.id}/deliveries?limit=0`, m.liveKey)).status).toBe(400);
    });
  });

  describe('extension: opt-in automatic retries with exponential backoff', () => {
    it('retries after 30 s, then 60 s, and counts one failure only when retries are exhausted', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created'], { maxRetries: 2 });
      receiver.reply = () => ({ status: 500 });
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(1);
      expect((await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data.consecutiveFailures).toBe(0);
      await runJobs();
      expect(receiver.received).toHaveLength(1);
      await advance(31_000);
      await runJobs();
      expect(receiver.received).toHaveLength(2);
      await advance(31_000);
      await runJobs();
      expect(receiver.received).toHaveLength(2);
      await advance(30_000);
      await runJobs();
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((w) => w.json.id)).size).toBe(1);
      const log = (await t.api('GET', `/webhooks/${sub.id}/deliveries`, m.liveKey)).body.data;
      expect(log.map((a: { trigger: string; attempt: number }) => [a.trigger, a.attempt])).toEqual([
        ['retry', 3],
        ['retry', 2],
        ['automatic', 1],
      ]);
      expect((await t.api('GET', `/webhooks/${sub.id}`, m.liveKey)).body.data.consecutiveFailures).toBe(1);
      await advance(600_000);
      await runJobs();
      expect(receiver.received).toHaveLength(3);
    });

    it('stops retrying once a retry succeeds; off by default', async () => {
      const retrying = await subscribe(m.liveKey, ['conversion.created'], { maxRetries: 5 });
      const plain = await subscribe(m.liveKey, ['conversion.created']);
      expect(plain.events).toEqual(['conversion.created']);
      let fail = true;
      receiver.reply = () => ({ status: fail ? 500 : 200 });
      await record(m.id, 'conversion.created');
      await runJobs();
      expect(receiver.received).toHaveLength(2);
      fail = false;
      await advance(31_000);
      await runJobs();
      expect(receiver.received).toHaveLength(3);
      await advance(3_600_000);
      await runJobs();
      expect(receiver.received).toHaveLength(3);
      const states = await t.sql<{ subscription_id: string; status: string; attempts: number }>(
        'select subscription_id, status, attempts from webhook_deliveries where merchant_id = $1',
        [m.id],
      );
      expect(states.find((s) => s.subscription_id === retrying.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(states.find((s) => s.subscription_id === plain.id)).toMatchObject({ status: 'failed', attempts: 1 });
    });
  });

  describe('several processes', () => {
    it('two service instances working the same database deliver each event exactly once', async () => {
      const sub = await subscribe(m.liveKey, ['conversion.created']);
      receiver.reply = () => ({ status: 200, delayMs: 20 });
      for (let i = 0; i < 30; i += 1) await record(m.id, 'conversion.created', payloadFor('conversion.created', i));
      const second = await startTestService({ webhookDevAllowedHosts: [receiver.host] }, t.db);
      try {
        await Promise.all([runJobs(), second.admin('POST', '/jobs/run'), runJobs(), second.admin('POST', '/jobs/run')]);
      } finally {
        await second.close();
      }
      expect(receiver.received).toHaveLength(30);
      expect(new Set(receiver.received.map((w) => w.json.id)).size).toBe(30);
      expect(new Set(receiver.received.map((w) => (w.json.data as { conversionId: string }).conversionId)).size).toBe(30);
      const log = (await t.api('GET', `/webhooks/${sub.id}/deliveries?limit=100`, m.liveKey)).body.data;
      expect(log).toHaveLength(30);
    });
  });

  it('explains a failed signature check', async () => {
    const sub = await subscribe(m.liveKey, ['ping']);
    await t.api('POST', `/webhooks/${sub.id}/test`, m.liveKey);
    const [w] = receiver.received;
    const header = w!.headers['x-service-signature'] as string;
    const now = new Date();
    expect(checkWebhookSignature(sub.secret, header, w!.rawBody, { now })).toMatchObject({ valid: true });
    expect(checkWebhookSignature(sub.secret, header, w!.rawBody, { now: now.getTime() + 301_000 })).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
    expect(checkWebhookSignature(sub.secret, undefined, w!.rawBody)).toEqual({ valid: false, reason: 'missing_header' });
  });
});
