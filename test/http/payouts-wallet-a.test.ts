import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, HOUR, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startPayPalStub, type PayPalStub } from '../support/provider-stubs/paypal-stub.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Wallet payouts (`wallet_a`) through PayPal Payouts, against a local stub. */
describe('wallet_a payouts through the wallet', () => {
  let stub: PayPalStub;
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;
  const lastBatch = () => [...stub.batches.values()].at(-1)!;

  beforeAll(async () => {
    stub = await startPayPalStub();
    t = await startTestService({ payoutApiBases: { stripe: null, paypal: stub.base, wise: null } });
    m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/wallet_a', m.liveKey, { clientId: stub.clientId, clientSecret: stub.clientSecret })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('one batch per payment with the payment id as sender_batch_id, the item by payout email, completed by polling', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const ids = [await approvedSale(t, m.liveKey, campaign.id, a.id, 3.1), await approvedSale(t, m.liveKey, campaign.id, a.id, 4.2)];
    await runJobs(t);
    const batch = lastBatch();
    expect(batch).toMatchObject({ receiver: `pay-${a.id}@example.com`, value: '7.30', currency: 'USD', status: 'PENDING' });
    const payment = await t.sql(`select id::text from payout_payments where provider_reference = $1`, [batch.batchId]);
    expect(payment).toEqual([{ id: batch.senderBatchId }]);
    const token = stub.requests.find((r) => r.path === '/v1/oauth2/token')!;
    expect(token.headers.authorization).toMatch(/^Basic /);
    for (const id of ids) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing' });
    batch.status = 'SUCCESS';
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    for (const id of ids) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed' });
    for (const count of stub.batchRequestsByKey.values()) expect(count).toBe(1);
  });

  it.each([
    ['UNCLAIMED', 'unclaimed'],
    ['RETURNED', 'returned'],
    ['BLOCKED', 'blocked'],
  ])('an item %s fails the payout for good with reason %s', async (state, reason) => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 11);
    await runJobs(t);
    lastBatch().status = state;
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'failed', failureReason: reason });
    expect(await t.sql(`select 1 from outbox_events where type = 'payout.failed' and payload->>'conversionId' = $1`, [id])).toHaveLength(1);
  });

  it('insufficient funds → awaiting_funds, then paid once the balance covers it', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    stub.shortOf.add('USD');
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 15);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'awaiting_funds', failureReason: 'insufficient_funds' });
    stub.shortOf.delete('USD');
    await clockOf(t).advance(6 * HOUR);
    await runJobs(t);
    lastBatch().status = 'SUCCESS';
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed', attempts: 2 });
  });
});
