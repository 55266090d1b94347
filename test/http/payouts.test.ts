import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import {
  approvedSale,
  clockOf,
  DAY,
  headlessAffiliate,
  HOUR,
  ms,
  payableAffiliate,
  payoutCampaign,
  payoutOf,
  runJobs,
  type Method,
} from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The payout lifecycle end to end: queue rows, the payout job, the sandbox providers, manual actions, events. */
describe('payouts', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  const affiliates = {} as Record<Method, { id: string }>;
  const clock = () => clockOf(t);

  beforeAll(async () => {
    t = await startTestService({ payoutLiveSandbox: true });
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, merchant);
    for (const method of ['connect', 'wallet_a', 'transfer_b'] as const) {
      affiliates[method] = await payableAffiliate(t, merchant.id, campaign.id, method);
    }
  });
  afterAll(() => t.close());

  const sale = (method: Method, commission: number) => approvedSale(t, merchant.liveKey, campaign.id, affiliates[method].id, commission);
  const row = (conversionId: string) => payoutOf(t, merchant.liveKey, conversionId);
  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data;
  const events = async (conversionId: string, prefix = 'payout.') =>
    (
      await t.sql(
        `select type, payload from outbox_events where payload->>'conversionId' = $1 and type like $2 order by occurred_at, id`,
        [conversionId, `${prefix}%`],
      )
    ).map((r) => ({ type: r.type as string, ...r.payload }));
  const ledger = (payoutId: string) =>
    t.sql(`select id, status, idempotency_key, failure_reason from sandbox_payout_transfers where payout_id = $1 order by created_at, id`, [payoutId]);

  describe('connect: the happy path', () => {
    it('queues a pending row on approval, then one job run pays it and the conversion', async () => {
      const before = await clock().now();
      const id = await sale('connect', 12.5);
      const queued = await row(id);
      const approvedAt = queued!.createdAt as string;
      expect(ms(approvedAt)).toBeGreaterThanOrEqual(before.getTime());
      expect(queued).toEqual({
        id: expect.any(String),
        conversionId: id,
        campaignId: campaign.id,
        affiliateId: affiliates.connect.id,
        amount: '12.50',
        currency: 'usd',
        status: 'pending',
        scheduledDate: approvedAt,
        attempts: 0,
        lastAttemptAt: null,
        completedAt: null,
        cardPaymentId: null,
        failureReason: null,
        createdAt: approvedAt,
        payment: null,
      });

      const ran = await runJobs(t);
      expect(ran.payouts).toBeGreaterThanOrEqual(2); // released, then paid
      const paid = await row(id);
      expect(paid).toMatchObject({ status: 'completed', attempts: 1, scheduledDate: approvedAt, lastAttemptAt: paid!.completedAt, failureReason: null });
      expect(ms(paid!.completedAt)).toBeGreaterThanOrEqual(ms(approvedAt));
      expect(paid!.cardPaymentId).toMatch(/^py_sbx_/);

      const c = await conversion(id);
      expect(c).toMatchObject({ status: 'paid', payoutMethod: 'connect', payoutDate: paid!.completedAt });
      expect(c.cardTransferId).toMatch(/^tr_sbx_/);
      const [transfer] = await ledger(paid!.id);
      expect(transfer).toMatchObject({ id: c.cardTransferId, status: 'completed' });

      const all = await events(id, '');
      expect(all.map((e) => e.type)).toEqual([
        'conversion.created',
        'conversion.approved',
        'conversion.updated',
        'conversion.paid',
        'conversion.updated',
        'payout.completed',
      ]);
      expect(all.at(-1)).toEqual({
        type: 'payout.completed',
        payoutId: paid!.id,
        conversionId: id,
        campaignId: campaign.id,
        affiliateId: affiliates.connect.id,
        amount: '12.50',
        currency: 'usd',
        status: 'completed',
        payoutStatus: 'completed',
        payoutMethod: 'connect',
        scheduledDate: approvedAt,
        attempts: 1,
        completedAt: paid!.completedAt,
        cardTransferId: c.cardTransferId,
        cardPaymentId: paid!.cardPaymentId,
        failureReason: null,
        nextAttemptAt: null,
      });
      expect(all.find((e) => e.type === 'conversion.paid')).toMatchObject({ status: 'paid', commission: '12.50' });

      // Nothing more to do: a second run pays nothing again.
      await runJobs(t);
      expect(await ledger(paid!.id)).toHaveLength(1);
      expect((await events(id)).length).toBe(1);
    });

    it('a paid conversion no longer changes: reject answers 409; a refund claws the commission back from the next payment', async () => {
      const id = await sale('connect', 5);
      await runJobs(t);
      expect((await conversion(id)).status).toBe('paid');
      expect((await t.api('PATCH', `/conversions/${id}`, merchant.liveKey, { status: 'rejected' })).body.error.code).toBe('invalid_transition');
      const refunded = await t.admin('POST', `/conversions/${id}/refund`, { amount: 3 });
      expect(refunded.status).toBe(200);
      expect(refunded.body.data).toMatchObject({ status: 'paid', commission: 5 });
      const rest = await t.admin('POST', `/conversions/${id}/refund`);
      expect(rest.body.data.status).toBe('paid');
      expect((await t.admin('POST', `/conversions/${id}/refund`)).body.error.code).toBe('validation_error');
      const clawbacks = await t.sql(`select amount::text, refunded_sale::text from commission_adjustments where conversion_id = $1 order by created_at, id`, [id]);
      expect(clawbacks).toEqual([{ amount: '3.000000', refunded_sale: '3.000000' }, { amount: '2.000000', refunded_sale: '2.000000' }]);

      const earnings = async () => (await t.api('GET', `/affiliates/${affiliates.connect.id}`, merchant.liveKey)).body.data.earnings.clawbacks;
      expect(await earnings()).toEqual([{ currency: 'usd', clawedBack: 5, owed: 5 }]);

      // The affiliate's next payment in that currency nets the 5 owed: 12 earned, 7 sent.
      const next = await sale('connect', 12);
      await runJobs(t);
      const payments = await t.sql(
        `select gross::text, clawback::text, amount::text from payout_payments where affiliate_id = $1 and status = 'completed' order by created_at desc limit 1`,
        [affiliates.connect.id],
      );
      expect(payments[0]).toEqual({ gross: '12.000000', clawback: '5.000000', amount: '7.000000' });
      // GET /payouts shows the row with the payment that netted the clawback.
      expect((await row(next))!.payment).toEqual({ id: expect.any(String), gross: '12.00', bonus: '0.00', clawback: '5.00', amount: '7.00' });
      expect(await earnings()).toEqual([{ currency: 'usd', clawedBack: 5, owed: 0 }]);
      expect((await conversion(next)).status).toBe('paid');
      // Nothing is owed any more: the payment after that is not netted.
      const third = await sale('connect', 4);
      await runJobs(t);
      expect((await conversion(third)).status).toBe('paid');
      const last = await t.sql(`select clawback::text, amount::text from payout_payments where affiliate_id = $1 order by created_at desc limit 1`, [affiliates.connect.id]);
      expect(last[0]).toEqual({ clawback: '0.000000', amount: '4.000000' });
    });
  });

  describe('the holding period', () => {
    it('defaults to 30 days, is set per merchant, and holds the row pending until it ends', async () => {
      const m = await createMerchant(t, 'scale', { automaticPayouts: true });
      const merchantRes = await t.admin('PATCH', `/merchants/${m.id}`, {});
      expect(merchantRes.body.data.payoutHoldingDays).toBe(30);
      for (const bad of [-1, 366, 1.5, '7']) {
        const res = await t.admin('PATCH', `/merchants/${m.id}`, { payoutHoldingDays: bad });
        expect(res.status).toBe(400);
        expect(res.body.error.details[0].field).toBe('payoutHoldingDays');
      }
      const patched = await t.admin('PATCH', `/merchants/${m.id}`, { payoutHoldingDays: 7 });
      expect(patched.body.data.payoutHoldingDays).toBe(7);

      const k = await payoutCampaign(t, m);
      const a = await payableAffiliate(t, m.id, k.id, 'connect');
      const id = await approvedSale(t, m.liveKey, k.id, a.id, 20);
      const queued = await payoutOf(t, m.liveKey, id);
      expect(ms(queued!.scheduledDate) - ms(queued!.createdAt)).toBe(7 * DAY);

      await clock().set(new Date(ms(queued!.scheduledDate) - 60_000));
      await runJobs(t);
      expect((await payoutOf(t, m.liveKey, id))!.status).toBe('pending');
      await clock().set(new Date(ms(queued!.scheduledDate)));
      await runJobs(t);
      expect((await payoutOf(t, m.liveKey, id))!.status).toBe('completed');
    });

    it('waits for payout details: a signed-up affiliate without them stays pending, and is paid once they are saved', async () => {
      const a = await payableAffiliate(t, merchant.id, campaign.id, null);
      const id = await approvedSale(t, merchant.liveKey, campaign.id, a.id, 8);
      await runJobs(t);
      expect((await row(id))!.status).toBe('pending');
      await t.admin('POST', `/affiliates/${a.id}/payout-details`, { method: 'connect' });
      await runJobs(t);
      expect((await row(id))!.status).toBe('completed');
    });
  });

  describe('asynchronous providers', () => {
    it('wallet_a: processing until the transfer settles; the conversion cannot change meanwhile (409 payout_in_progress)', async () => {
      const id = await sale('wallet_a', 30);
      await runJobs(t);
      const inFlight = await row(id);
      expect(inFlight).toMatchObject({ status: 'processing', attempts: 1, completedAt: null, cardPaymentId: null });
      const sentAt = ms(inFlight!.lastAttemptAt);
      expect((await conversion(id)).status).toBe('approved');

      for (const attempt of [
        () => t.admin('POST', `/conversions/${id}/refund`, { amount: 10 }),
        () => t.admin('POST', `/conversions/${id}/refund`),
        () => t.admin('POST', `/conversions/${id}/hold`),
        () => t.api('PATCH', `/conversions/${id}`, merchant.liveKey, { status: 'rejected' }),
      ]) {
        const res = await attempt();
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe('payout_in_progress');
      }
      expect(await conversion(id)).toMatchObject({ status: 'approved', commission: 30, refundedAmount: null });

      await clock().set(new Date(sentAt + 9 * 60_000));
      await runJobs(t);
      expect((await row(id))!.status).toBe('processing');
      // The provider's own clock stamped the transfer a moment after the attempt began.
      await clock().set(new Date(sentAt + 10 * 60_000 + 5_000));
      await runJobs(t);
      const done = await row(id);
      expect(done).toMatchObject({ status: 'completed', attempts: 1, cardPaymentId: null });
      expect(await conversion(id)).toMatchObject({ status: 'paid', payoutMethod: 'wallet_a', cardTransferId: null, payoutDate: done!.completedAt });
      expect((await events(id)).map((e) => e.type)).toEqual(['payout.completed']);
      expect((await ledger(done!.id)).map((l) => l.status)).toEqual(['completed']);
    });

    it('transfer_b settles after a day', async () => {
      const id = await sale('transfer_b', 40);
      await runJobs(t);
      const sentAt = ms((await row(id))!.lastAttemptAt);
      await clock().set(new Date(sentAt + DAY - 60_000));
      await runJobs(t);
      expect((await row(id))!.status).toBe('processing');
      await clock().set(new Date(sentAt + DAY + 5_000));
      await runJobs(t);
      expect((await row(id))!.status).toBe('completed');
      expect((await conversion(id)).payoutMethod).toBe('transfer_b');
    });
  });

  describe('failures (sandbox test amounts)', () => {
    it('x.91: insufficient funds → awaiting_funds (one payout.failed), rechecked after 6 hours, then paid', async () => {
      const id = await sale('connect', 9.91);
      await runJobs(t);
      const short = await row(id);
      expect(short).toMatchObject({ status: 'awaiting_funds', attempts: 1, failureReason: 'insufficient_funds' });
      expect(ms(short!.scheduledDate) - ms(short!.lastAttemptAt)).toBe(6 * HOUR);
      const [failed] = await events(id);
      expect(failed).toMatchObject({ type: 'payout.failed', status: 'failed', payoutStatus: 'awaiting_funds', failureReason: 'insufficient_funds', nextAttemptAt: short!.scheduledDate, attempts: 1 });
      // The merchant hears of it in-app too.
      const notices = (await t.api('GET', '/notifications?limit=100', merchant.liveKey)).body.data as { kind: string; message: string }[];
      expect(notices.some((n) => n.kind === 'payout_failed' && n.message.includes('balance does not cover'))).toBe(true);
      await clock().set(new Date(ms(short!.scheduledDate) - 60_000));
      await runJobs(t);
      expect((await row(id))!.attempts).toBe(1);
      await clock().set(new Date(ms(short!.scheduledDate)));
      await runJobs(t);
      expect(await row(id)).toMatchObject({ status: 'completed', attempts: 2, failureReason: null });
      expect((await events(id)).map((e) => e.type)).toEqual(['payout.failed', 'payout.completed']);
    });

    it('x.92: funds never arrive: the row waits in awaiting_funds without failing and without repeating the event', async () => {
      const id = await sale('connect', 19.92);
      await runJobs(t);
      for (let i = 0; i < 7; i += 1) {
        await clock().advance(6 * HOUR);
        await runJobs(t);
      }
      expect(await row(id)).toMatchObject({ status: 'awaiting_funds', attempts: 8, failureReason: 'insufficient_funds' });
      expect((await events(id)).map((e) => e.type)).toEqual(['payout.failed']);
      expect((await conversion(id)).status).toBe('approved');
    });

    it('x.93: a retryable failure is retried after an hour and then pays', async () => {
      const id = await sale('connect', 29.93);
      await runJobs(t);
      const retrying = await row(id);
      expect(retrying).toMatchObject({ status: 'scheduled', attempts: 1, failureReason: 'provider_unavailable' });
      expect(ms(retrying!.scheduledDate) - ms(retrying!.lastAttemptAt)).toBe(HOUR);
      expect((await events(id))[0]).toMatchObject({ type: 'payout.failed', payoutStatus: 'scheduled', nextAttemptAt: retrying!.scheduledDate, failureReason: 'provider_unavailable' });
      await clock().set(new Date(ms(retrying!.scheduledDate)));
      await runJobs(t);
      expect(await row(id)).toMatchObject({ status: 'completed', attempts: 2, failureReason: null });
    });

    it('x.94: backs off 1h, 2h, 4h, 8h, then fails for good after the 5th attempt; the operator can retry it', async () => {
      const id = await sale('connect', 39.94);
      await runJobs(t);
      for (const [i, wait] of [HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR].entries()) {
        const r = await row(id);
        expect(r).toMatchObject({ status: 'scheduled', attempts: i + 1 });
        expect(ms(r!.scheduledDate) - ms(r!.lastAttemptAt)).toBe(wait);
        // Not before its time.
        await clock().set(new Date(ms(r!.scheduledDate) - 60_000));
        await runJobs(t);
        expect((await row(id))!.attempts).toBe(i + 1);
        await clock().set(new Date(ms(r!.scheduledDate)));
        await runJobs(t);
      }
      const failed = await row(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 5, failureReason: 'provider_unavailable' });
      const fails = await events(id);
      expect(fails.map((e) => e.payoutStatus)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled', 'failed']);
      expect(fails.at(-1)).toMatchObject({ status: 'failed', nextAttemptAt: null, attempts: 5 });
      expect((await conversion(id)).status).toBe('approved');
      await clock().advance(30 * DAY);
      await runJobs(t);
      expect((await row(id))!.attempts).toBe(5);

      const retry = await t.admin('POST', `/payouts/${failed!.id}/retry`);
      expect(retry.status).toBe(200);
      expect(retry.body.data).toMatchObject({ status: 'scheduled', attempts: 5 });
      expect(Math.abs(ms(retry.body.data.scheduledDate) - (await clock().now()).getTime())).toBeLessThan(10_000);
      await runJobs(t);
      expect(await row(id)).toMatchObject({ status: 'scheduled', attempts: 6 });
      expect((await t.admin('POST', `/payouts/${failed!.id}/retry`)).body.error.code).toBe('invalid_transition');
    });

    it('x.95: a permanent failure fails at once; the merchant can then mark it paid by hand', async () => {
      const id = await sale('wallet_a', 49.95);
      await runJobs(t);
      const failed = await row(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, failureReason: 'recipient_unknown' });
      expect((await events(id))[0]).toMatchObject({ type: 'payout.failed', payoutStatus: 'failed', nextAttemptAt: null });

      const marked = await t.admin('POST', `/payouts/${failed!.id}/mark-paid`, { payoutMethod: 'transfer_b' });
      expect(marked.status).toBe(200);
      expect(marked.body.data).toMatchObject({ status: 'completed', failureReason: null, completedAt: expect.any(String) });
      expect(await conversion(id)).toMatchObject({ status: 'paid', payoutMethod: 'transfer_b', cardTransferId: null });
    });

    it('x.96: an asynchronous transfer returned on settlement is retried and then pays', async () => {
      const id = await sale('wallet_a', 59.96);
      await runJobs(t);
      expect((await row(id))!.status).toBe('processing');
      await clock().advance(10 * 60_000);
      await runJobs(t);
      const returned = await row(id);
      expect(returned).toMatchObject({ status: 'scheduled', attempts: 1, failureReason: 'recipient_returned' });
      await clock().set(new Date(ms(returned!.scheduledDate)));
      await runJobs(t);
      expect((await row(id))!.status).toBe('processing');
      await clock().advance(10 * 60_000);
      await runJobs(t);
      const done = await row(id);
      expect(done).toMatchObject({ status: 'completed', attempts: 2 });
      expect((await ledger(done!.id)).map((l) => l.status)).toEqual(['returned', 'completed']);
      expect((await events(id)).map((e) => e.type)).toEqual(['payout.failed', 'payout.completed']);
    });
  });

  describe('headless affiliates and the operator mark-paid action', () => {
    it('a headless affiliate is never paid by the job: its row waits in scheduled until the merchant marks it paid', async () => {
      const a = await headlessAffiliate(t, merchant.liveKey, campaign.id);
      const id = await approvedSale(t, merchant.liveKey, campaign.id, a.id, 15);
      await runJobs(t);
      await clock().advance(DAY);
      await runJobs(t);
      const waiting = await row(id);
      expect(waiting).toMatchObject({ status: 'scheduled', attempts: 0 });
      expect(await ledger(waiting!.id)).toEqual([]);

      const noMethod = await t.admin('POST', `/payouts/${waiting!.id}/mark-paid`);
      expect(noMethod.status).toBe(400);
      expect(noMethod.body.error.details[0].field).toBe('payoutMethod');
      const connectWithoutTransfer = await t.admin('POST', `/payouts/${waiting!.id}/mark-paid`, { payoutMethod: 'connect' });
      expect(connectWithoutTransfer.body.error.details[0].field).toBe('cardTransferId');
      const unknownField = await t.admin('POST', `/payouts/${waiting!.id}/mark-paid`, { payoutMethod: 'connect', note: 'x' });
      expect(unknownField.status).toBe(400);

      const marked = await t.admin('POST', `/payouts/${waiting!.id}/mark-paid`, { payoutMethod: 'connect', cardTransferId: 'tr_manual_1' });
      expect(marked.status).toBe(200);
      expect(marked.body.data).toMatchObject({ status: 'completed', attempts: 0 });
      expect(await conversion(id)).toMatchObject({ status: 'paid', payoutMethod: 'connect', cardTransferId: 'tr_manual_1' });
      expect((await events(id, 'payout.'))[0]).toMatchObject({ type: 'payout.completed', payoutMethod: 'connect', cardTransferId: 'tr_manual_1', attempts: 0 });
      const again = await t.admin('POST', `/payouts/${waiting!.id}/mark-paid`, { payoutMethod: 'connect', cardTransferId: 'tr_manual_1' });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('invalid_transition');
      const audit = await t.sql(`select merchant_id from audit_log where path = $1 and status = 200`, [`/admin/v1/payouts/${waiting!.id}/mark-paid`]);
      expect(audit).toEqual([{ merchant_id: merchant.id }]);
    });

    it("uses the affiliate's saved method by default, refuses rows in flight, and 404s unknown ids", async () => {
      const id = await sale('wallet_a', 11);
      // During the holding period (here: 0 days, not released yet) the row is pending and may be marked paid.
      const pending = await row(id);
      const marked = await t.admin('POST', `/payouts/${pending!.id}/mark-paid`, {});
      expect(marked.body.data.status).toBe('completed');
      expect((await conversion(id)).payoutMethod).toBe('wallet_a');

      const inFlight = await sale('wallet_a', 12);
      await runJobs(t);
      const processing = await row(inFlight);
      expect(processing!.status).toBe('processing');
      const refused = await t.admin('POST', `/payouts/${processing!.id}/mark-paid`, { payoutMethod: 'wallet_a' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('payout_in_progress');

      expect((await t.admin('POST', '/payouts/not-a-uuid/mark-paid')).status).toBe(404);
      expect((await t.admin('POST', '/payouts/01900000-0000-7000-8000-000000000000/retry')).status).toBe(404);
    });
  });

  describe('the queue follows its conversion', () => {
    it('a partial refund resizes an open row; a whole refund, a hold or a rejection removes it', async () => {
      const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 30 });
      const k = await payoutCampaign(t, m);
      const a = await payableAffiliate(t, m.id, k.id, 'connect');
      const resized = await approvedSale(t, m.liveKey, k.id, a.id, 100);
      await t.admin('POST', `/conversions/${resized}/refund`, { amount: 25 });
      expect((await payoutOf(t, m.liveKey, resized))!.amount).toBe('75.00');
      for (const action of ['refund', 'hold'] as const) {
        const id = await approvedSale(t, m.liveKey, k.id, a.id, 10);
        expect((await t.admin('POST', `/conversions/${id}/${action}`)).status).toBe(200);
        expect(await payoutOf(t, m.liveKey, id)).toBeUndefined();
      }
      const rejected = await approvedSale(t, m.liveKey, k.id, a.id, 10);
      await t.api('PATCH', `/conversions/${rejected}`, m.liveKey, { status: 'rejected' });
      expect(await payoutOf(t, m.liveKey, rejected)).toBeUndefined();
    });

    it('a zero commission queues nothing', async () => {
      const created = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliates.connect.id, amount: 0 });
      await t.api('PATCH', `/conversions/${created.body.data.id}`, merchant.liveKey, { status: 'approved', confirmAboveSale: true });
      expect(await row(created.body.data.id)).toBeUndefined();
    });

    it('automatic payouts turned off: released rows wait in scheduled; turned on again, they are paid', async () => {
      const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
      const k = await payoutCampaign(t, m);
      const a = await payableAffiliate(t, m.id, k.id, 'connect');
      const id = await approvedSale(t, m.liveKey, k.id, a.id, 10);
      await t.admin('PATCH', `/merchants/${m.id}`, { automaticPayouts: false });
      await runJobs(t);
      expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'scheduled', attempts: 0 });
      await t.admin('PATCH', `/merchants/${m.id}`, { automaticPayouts: true });
      await runJobs(t);
      expect((await payoutOf(t, m.liveKey, id))!.status).toBe('completed');
    });
  });

  describe('crash recovery and concurrency', () => {
    /**
     * The state a process leaves when it dies after starting an attempt and before saving the answer:
     * the payment on record, its row processing. Returns the payment id (the request's idempotency key).
     */
    const startedButUnanswered = async (merchantId: string, affiliateId: string, payoutId: string, amount: number, startedAt: Date) => {
      const paymentId = crypto.randomUUID();
      await t.sql(
        `insert into payout_payments (id, merchant_id, mode, affiliate_id, method, currency, gross, clawback, amount, status, created_at, updated_at)
         values ($1, $2, 'live', $3, 'connect', 'usd', $4, 0, $4, 'processing', $5, $5)`,
        [paymentId, merchantId, affiliateId, amount, startedAt],
      );
      await t.sql(
        `update payouts set status = 'processing', attempts = attempts + 1, last_attempt_at = $2, payout_method = 'connect',
           next_check_at = $3, payment_id = $4 where id = $1`,
        [payoutId, startedAt, new Date(startedAt.getTime() + 5 * 60_000), paymentId],
      );
      return paymentId;
    };

    it('repeats an attempt whose answer was lost, after its lease, with the same key: the provider returns the transfer it made', async () => {
      const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
      const k = await payoutCampaign(t, m);
      const a = await payableAffiliate(t, m.id, k.id, 'connect');
      const id = await approvedSale(t, m.liveKey, k.id, a.id, 70);
      const payoutId = (await payoutOf(t, m.liveKey, id))!.id as string;
      const startedAt = await clock().now();
      const paymentId = await startedButUnanswered(m.id, a.id, payoutId, 70, startedAt);
      // The provider made the transfer before the process died.
      await t.sql(
        `insert into sandbox_payout_transfers (id, idempotency_key, payout_id, method, merchant_id, mode, destination, amount, currency,
           status, retryable, payment_id, created_at, updated_at)
         values ('tr_sbx_before_crash', $1, $2, 'connect', $3, 'live', 'acct_x', 70, 'usd', 'completed', false, 'py_sbx_before_crash', $4, $4)`,
        [paymentId, payoutId, m.id, startedAt],
      );
      await runJobs(t);
      expect((await payoutOf(t, m.liveKey, id))!.status).toBe('processing');
      await clock().set(new Date(startedAt.getTime() + 5 * 60_000));
      await runJobs(t);
      expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed', attempts: 1, cardPaymentId: 'py_sbx_before_crash' });
      expect((await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data).toMatchObject({ status: 'paid', cardTransferId: 'tr_sbx_before_crash' });
      expect(await ledger(payoutId)).toHaveLength(1);
      expect(await t.sql(`select status, provider_reference from payout_payments where id = $1`, [paymentId])).toEqual([
        { status: 'completed', provider_reference: 'tr_sbx_before_crash' },
      ]);
    });

    it('sends an attempt whose request never left once its lease has passed', async () => {
      const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
      const k = await payoutCampaign(t, m);
      const a = await payableAffiliate(t, m.id, k.id, 'connect');
      const id = await approvedSale(t, m.liveKey, k.id, a.id, 71);
      const payoutId = (await payoutOf(t, m.liveKey, id))!.id as string;
      const startedAt = await clock().now();
      const paymentId = await startedButUnanswered(m.id, a.id, payoutId, 71, startedAt);
      await clock().set(new Date(startedAt.getTime() + 5 * 60_000));
      await runJobs(t);
      expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed', attempts: 1 });
      expect((await ledger(payoutId)).map((l) => l.idempotency_key)).toEqual([paymentId]);
    });

    it('two job runs at once pay every affiliate once: one transfer per affiliate carrying the sum of its rows', async () => {
      const m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
      const k = await payoutCampaign(t, m);
      const sums = new Map<string, number>();
      for (let n = 0; n < 6; n += 1) {
        const a = await payableAffiliate(t, m.id, k.id, 'connect');
        for (let i = 0; i < 5; i += 1) {
          await approvedSale(t, m.liveKey, k.id, a.id, 10 + n * 5 + i + 0.25);
          sums.set(a.id, (sums.get(a.id) ?? 0) + 10 + n * 5 + i + 0.25);
        }
      }
      await Promise.all([runJobs(t), runJobs(t), runJobs(t)]);
      const rows = await t.sql(`select id, status, payment_id from payouts where merchant_id = $1`, [m.id]);
      expect(rows).toHaveLength(30);
      expect(rows.every((r) => r.status === 'completed')).toBe(true);
      expect(new Set(rows.map((r) => r.payment_id)).size).toBe(6);
      const transfers = await t.sql(
        `select t.idempotency_key, count(*)::int as n, sum(t.amount)::text as amount, min(p.affiliate_id::text) as affiliate_id
         from sandbox_payout_transfers t join payout_payments p on p.id::text = t.idempotency_key where t.merchant_id = $1 group by t.idempotency_key`,
        [m.id],
      );
      expect(transfers).toHaveLength(6);
      for (const transfer of transfers) {
        expect(transfer.n).toBe(1);
        expect(Number(transfer.amount)).toBeCloseTo(sums.get(transfer.affiliate_id)!, 6);
      }
      const completed = await t.sql(`select count(*)::int as n, count(distinct payload->>'payoutId')::int as d from outbox_events where merchant_id = $1 and type = 'payout.completed'`, [m.id]);
      expect(completed[0]).toEqual({ n: 30, d: 30 });
    });
  });

  describe('GET /payouts', () => {
    let m: TestMerchant;
    let k: TestCampaign;
    let a1: { id: string };
    let a2: { id: string };
    const ids: string[] = [];
    let start: Date;

    beforeAll(async () => {
      m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 1 });
      k = await payoutCampaign(t, m);
      a1 = await payableAffiliate(t, m.id, k.id, 'connect');
      a2 = await payableAffiliate(t, m.id, k.id, 'connect');
      start = await clock().now();
      ids.push(await approvedSale(t, m.liveKey, k.id, a1.id, 1.5));
      await clock().advance(2 * DAY);
      ids.push(await approvedSale(t, m.liveKey, k.id, a2.id, 2.25));
      ids.push(await approvedSale(t, m.liveKey, k.id, a1.id, 1000, 'jpy'));
      await runJobs(t); // the first row's holding period is over: paid
    });

    const list = async (query = '', key = m.liveKey) => t.api('GET', `/payouts${query}`, key);

    it('lists the rows newest first with amount as a string and pagination', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body.data.map((p: any) => p.conversionId)).toEqual([...ids].reverse());
      expect(res.body.data.map((p: any) => p.amount)).toEqual(['1000', '2.25', '1.50']);
      expect(res.body.pagination).toEqual({ page: 1, limit: 25, total: 3, totalPages: 1 });
      const paged = await list('?limit=2&page=2');
      expect(paged.body.data).toHaveLength(1);
      expect(paged.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    });

    it('filters on status, affiliateId, conversionId and scheduledDate (from/to)', async () => {
      expect((await list('?status=completed')).body.data.map((p: any) => p.conversionId)).toEqual([ids[0]]);
      expect((await list('?status=pending')).body.data).toHaveLength(2);
      expect((await list(`?affiliateId=${a1.id}`)).body.data.map((p: any) => p.conversionId)).toEqual([ids[2], ids[0]]);
      expect((await list(`?conversionId=${ids[1]}`)).body.data.map((p: any) => p.affiliateId)).toEqual([a2.id]);
      expect((await list('?affiliateId=nope')).body.data).toEqual([]);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const firstDue = new Date(start.getTime() + DAY);
      expect((await list(`?from=${day(firstDue)}&to=${day(firstDue)}`)).body.data.map((p: any) => p.conversionId)).toEqual([ids[0]]);
      expect((await list(`?from=${day(new Date(firstDue.getTime() + DAY))}`)).body.data).toHaveLength(2);
      expect((await list(`?to=${firstDue.toISOString()}`)).body.data).toEqual([]);
    });

    it('validates the query: limit at most 100, known statuses, dates', async () => {
      expect((await list('?limit=100')).status).toBe(200);
      for (const query of ['?limit=101', '?limit=0', '?status=cancelled', '?from=yesterday', '?page=0']) {
        const res = await list(query);
        expect(res.status, query).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
    });

    it("any valid key reads (a Pro merchant's read key too); each key sees its own merchant and mode only", async () => {
      expect((await list('', m.liveReadKey)).body.data).toHaveLength(3);
      expect((await list('', m.testKey)).body.data).toEqual([]);
      const other = await createMerchant(t, 'professional');
      const pro = await list('', other.liveKey);
      expect(pro.status).toBe(200);
      expect(pro.body.data).toEqual([]);
      expect((await list(`?conversionId=${ids[0]}`, merchant.liveKey)).body.data).toEqual([]);
      expect((await t.api('GET', '/payouts', undefined)).status).toBe(401);

      // Test keys queue and pay test rows, seen only by test keys.
      const testAffiliate = await payableAffiliate(t, m.id, k.id, 'connect', 'test');
      const testSale = await approvedSale(t, m.testKey, k.id, testAffiliate.id, 3);
      expect((await list('', m.testKey)).body.data.map((p: any) => p.conversionId)).toEqual([testSale]);
      expect((await list(`?conversionId=${testSale}`)).body.data).toEqual([]);
    });
  });
});
