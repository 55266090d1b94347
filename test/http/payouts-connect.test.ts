import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, HOUR, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startStripeStub, type StripeStub } from '../support/provider-stubs/stripe-stub.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { cardEvent, cardIntegration, deliver, events as integrationEvents } from '../support/card-events.js';
import { TOKENS } from '../../bootstrap/tokens.js';

const SECRET = 'sk_live_51ConnectE2eSecret000000001';

/** Real connected-account payouts through the `stripe` package, against a local stub of the card processor's API. */
describe('connect payouts through the card processor', () => {
  let stub: StripeStub;
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  const onboarding = () => t.service.container.resolve(TOKENS.ConnectOnboarding);
  const inScope = <T>(work: () => Promise<T>) => t.service.container.resolve(TOKENS.RequestScope)(work);

  /** An affiliate that signed up, onboarded its Express account and has payouts enabled. */
  const connectedAffiliate = async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, null);
    const link = await t.admin('POST', `/affiliates/${a.id}/connect-onboarding`, {
      merchantId: m.id,
      mode: 'live',
      returnUrl: 'https://portal.example.com/payouts/connected',
      refreshUrl: 'https://portal.example.com/payouts/connect',
    });
    expect(link.status).toBe(200);
    const accountId = link.body.data.accountId as string;
    const updated = await inScope(() => onboarding().accountUpdated({ merchantId: m.id, mode: 'live' }, { id: accountId, payoutsEnabled: true }));
    expect(updated._unsafeUnwrap()).toBe('completed');
    return { id: a.id, accountId };
  };

  beforeAll(async () => {
    stub = await startStripeStub();
    stub.keys.add(SECRET);
    t = await startTestService({ payoutApiBases: { stripe: stub.base, paypal: null, wise: null } });
    m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: SECRET })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('onboarding: an Express account and a link; account.updated with payouts enabled completes the details once', async () => {
    const { id, accountId } = await connectedAffiliate();
    expect(stub.accounts.get(accountId)).toMatchObject({ type: 'express' });
    const again = await inScope(() => onboarding().accountUpdated({ merchantId: m.id, mode: 'live' }, { id: accountId, payoutsEnabled: true }));
    expect(again._unsafeUnwrap()).toBe('unchanged');
    const events = await t.sql(`select type from outbox_events where merchant_id = $1 and type = 'affiliate.payout_details_completed' and payload->>'affiliateId' = $2`, [m.id, id]);
    expect(events).toHaveLength(1);
    expect((await t.api('GET', `/affiliates/${id}`, m.liveKey)).body.data).toMatchObject({ payoutMethod: 'connect', payoutDetailsCompleted: true });
    // An account of another merchant's (or unknown) is not ours.
    const foreign = await inScope(() => onboarding().accountUpdated({ merchantId: m.id, mode: 'test' }, { id: accountId, payoutsEnabled: true }));
    expect(foreign.isErr()).toBe(true);
  });

  it("the card processor's signed account.updated on the integration endpoint completes the details once", async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, null);
    const link = await t.admin('POST', `/affiliates/${a.id}/connect-onboarding`, {
      merchantId: m.id,
      mode: 'live',
      returnUrl: 'https://portal.example.com/payouts/connected',
      refreshUrl: 'https://portal.example.com/payouts/connect',
    });
    const accountId = link.body.data.accountId as string;
    expect(link.body.data.url).toContain(accountId);
    const integration = await cardIntegration(t, m.liveKey);
    const account = { ...stub.accounts.get(accountId)!, payouts_enabled: false };
    expect((await deliver(t, integration.id, cardEvent('account.updated', account), integration.secret)).status).toBe(200);
    expect((await t.api('GET', `/affiliates/${a.id}`, m.liveKey)).body.data.payoutDetailsCompleted).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const res = await deliver(t, integration.id, cardEvent('account.updated', { ...account, payouts_enabled: true }), integration.secret);
      expect(res.status).toBe(200);
    }
    expect((await t.api('GET', `/affiliates/${a.id}`, m.liveKey)).body.data).toMatchObject({ payoutMethod: 'connect', payoutDetailsCompleted: true });
    const completed = await t.sql(`select 1 from outbox_events where merchant_id = $1 and type = 'affiliate.payout_details_completed' and payload->>'affiliateId' = $2`, [m.id, a.id]);
    expect(completed).toHaveLength(1);
    const log = await integrationEvents(t, m, integration.id);
    expect(log.map((e) => e.reason)).toEqual([
      `connected account ${accountId}: payouts were already enabled`,
      `connected account ${accountId}: payouts enabled; the affiliate's payout details are complete`,
      `connected account ${accountId}: payouts are not enabled yet`,
    ]);
    // A bad signature changes nothing.
    expect((await deliver(t, integration.id, cardEvent('account.updated', account), 'whsec_wrong')).status).toBe(400);
  });

  it('a month of sales: one transfer per affiliate and currency with the exact sum, in minor units by exponent', async () => {
    const a = await connectedAffiliate();
    const b = await connectedAffiliate();
    const sales = [
      [a.id, 10.1, 'usd'],
      [a.id, 20.22, 'usd'],
      [a.id, 0.03, 'usd'],
      [b.id, 5, 'usd'],
      [b.id, 1234, 'jpy'],
      [b.id, 766, 'jpy'],
      [b.id, 1.234, 'kwd'],
    ] as const;
    const ids: string[] = [];
    for (const [affiliate, amount, currency] of sales) ids.push(await approvedSale(t, m.liveKey, campaign.id, affiliate, amount, currency));
    const before = stub.transfers.size;
    await runJobs(t);
    const made = [...stub.transfers.values()].slice(before).map((tr) => [tr.destination, tr.currency, tr.amount]);
    expect(made.sort()).toEqual(
      [
        [a.accountId, 'usd', 3035],
        [b.accountId, 'usd', 500],
        [b.accountId, 'jpy', 2000],
        [b.accountId, 'kwd', 1234],
      ].sort(),
    );
    for (const [key, count] of stub.transferRequestsByKey) expect(count, key).toBe(1);
    for (const id of ids) {
      const row = await payoutOf(t, m.liveKey, id);
      const conversion = (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;
      expect(row).toMatchObject({ status: 'completed', attempts: 1, failureReason: null });
      const transfer = stub.transfers.get(conversion.cardTransferId)!;
      expect(transfer).toBeDefined();
      expect(row!.cardPaymentId).toBe(transfer.destination_payment);
      expect(conversion).toMatchObject({ status: 'paid', payoutMethod: 'connect' });
    }
    const mails = await t.sql(`select kind, recipient, subject, body from mail_outbox where merchant_id = $1 and kind = 'payout_completed'`, [m.id]);
    expect(mails.map((x) => x.subject.replace(/^.* paid you /, '')).sort()).toEqual(['1.234 KWD', '2000 JPY', '30.35 USD', '5.00 USD'].sort());
    for (const mail of mails) expect(mail.body).toContain(`/portal/m/${m.id}/payouts`);
  });

  it('rows below the minimum wait and accumulate, then go in one transfer', async () => {
    const a = await connectedAffiliate();
    expect((await t.api('PATCH', '/payout-settings', m.liveKey, { minimumPayout: { usd: 50 } })).status).toBe(200);
    const first = await approvedSale(t, m.liveKey, campaign.id, a.id, 30);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, first)).toMatchObject({ status: 'scheduled', attempts: 0, failureReason: 'below_minimum_payout' });
    const second = await approvedSale(t, m.liveKey, campaign.id, a.id, 25);
    await clockOf(t).advance(25 * HOUR);
    await runJobs(t);
    for (const id of [first, second]) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed', failureReason: null });
    const transfers = [...stub.transfers.values()].filter((tr) => tr.destination === a.accountId);
    expect(transfers.map((tr) => tr.amount)).toEqual([5500]);
    await t.api('PATCH', '/payout-settings', m.liveKey, { minimumPayout: { usd: null } });
  });

  it('insufficient balance → awaiting_funds (payout.failed once) → funded → completed on the funds check', async () => {
    const a = await connectedAffiliate();
    stub.balance.set('usd', 1000);
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 12.34);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'awaiting_funds', attempts: 1, failureReason: 'insufficient_funds' });
    await clockOf(t).advance(6 * HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'awaiting_funds', attempts: 2 });
    stub.balance.set('usd', 100_000);
    await clockOf(t).advance(6 * HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed', attempts: 3, failureReason: null });
    const failed = await t.sql(`select type from outbox_events where merchant_id = $1 and type = 'payout.failed' and payload->>'conversionId' = $2`, [m.id, id]);
    expect(failed).toHaveLength(1);
    stub.balance.delete('usd');
  });

  it('no connected account: failed for good, payout.failed, and the affiliate is asked for its details by email', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'connect');
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 9);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'failed', failureReason: 'connect_account_missing' });
    expect(await t.sql(`select type from outbox_events where merchant_id = $1 and type = 'payout.failed' and payload->>'conversionId' = $2`, [m.id, id])).toHaveLength(1);
    const mails = await t.sql(`select kind, recipient from mail_outbox where merchant_id = $1 and kind = 'payout_details_needed'`, [m.id]);
    expect(mails).toHaveLength(1);
  });

  it('without credentials, live rows wait for the manual path with the reason visible; test rows use the sandbox', async () => {
    const other = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const k = await payoutCampaign(t, other);
    const live = await payableAffiliate(t, other.id, k.id, 'wallet_a');
    const test = await payableAffiliate(t, other.id, k.id, 'wallet_a', 'test');
    const liveSale = await approvedSale(t, other.liveKey, k.id, live.id, 8);
    const testSale = await approvedSale(t, other.testKey, k.id, test.id, 8);
    await runJobs(t);
    expect(await payoutOf(t, other.liveKey, liveSale)).toMatchObject({ status: 'scheduled', attempts: 0, failureReason: 'payout_provider_not_configured' });
    expect(await payoutOf(t, other.testKey, testSale)).toMatchObject({ status: 'processing', attempts: 1 });
  });
});
