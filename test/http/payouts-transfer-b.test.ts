import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, clockOf, HOUR, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startWiseStub, type WiseStub } from '../support/provider-stubs/wise-stub.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Bank-transfer payouts (`transfer_b`) through Wise's API, against a local stub. */
describe('transfer_b payouts through the bank-transfer service', () => {
  let stub: WiseStub;
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    stub = await startWiseStub();
    t = await startTestService({ payoutApiBases: { stripe: null, paypal: null, wise: stub.base } });
    m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
    expect((await t.api('PUT', '/payout-providers/transfer_b', m.liveKey, { apiToken: stub.token, profileId: stub.profileId })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('quote, email recipient, transfer keyed by customerTransactionId, funded from the balance; completes when sent', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'transfer_b');
    const ids = [await approvedSale(t, m.liveKey, campaign.id, a.id, 19.99), await approvedSale(t, m.liveKey, campaign.id, a.id, 0.01)];
    await runJobs(t);
    for (const id of ids) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing', attempts: 1 });
    expect(stub.quoteBodies.at(-1)).toContain('"targetAmount":20.00');
    const [transfer] = [...stub.transfers.values()].slice(-1);
    expect(transfer).toMatchObject({ status: 'processing', amount: '20.00', currency: 'USD' });
    const payment = await t.sql(`select id::text, amount::text from payout_payments where provider_reference = $1`, [String(transfer!.id)]);
    expect(payment).toEqual([{ id: transfer!.customerTransactionId, amount: '20.000000' }]);
    transfer!.status = 'outgoing_payment_sent';
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    for (const id of ids) expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed', failureReason: null });
    for (const count of stub.transferRequestsByKey.values()) expect(count).toBe(1);
  });

  it('insufficient balance → awaiting_funds → funded → paid on the funds check', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'transfer_b');
    stub.balance.set('USD', 500);
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 12.5);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'awaiting_funds', failureReason: 'insufficient_funds' });
    stub.balance.set('USD', 100_000);
    await clockOf(t).advance(6 * HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing', attempts: 2 });
    const [transfer] = [...stub.transfers.values()].slice(-1);
    transfer!.status = 'outgoing_payment_sent';
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed' });
    stub.balance.delete('USD');
  });

  it('an unclaimed transfer (funds refunded) fails for good with the reason, payout.failed and an email', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'transfer_b');
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 30);
    await runJobs(t);
    const [transfer] = [...stub.transfers.values()].slice(-1);
    transfer!.status = 'funds_refunded';
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'failed', failureReason: 'unclaimed' });
    expect(await t.sql(`select 1 from outbox_events where type = 'payout.failed' and payload->>'conversionId' = $1`, [id])).toHaveLength(1);
    expect(await t.sql(`select 1 from mail_outbox where merchant_id = $1 and kind = 'payout_details_needed' and recipient like 'signup%'`, [m.id])).toHaveLength(1);
  });
});
