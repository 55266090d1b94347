import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { idleInTransaction } from '../support/open-transactions.js';
import { approvedSale, clockOf, HOUR, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startPayPalStub, type PayPalStub } from '../support/provider-stubs/paypal-stub.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Claim, commit, send, record: while the payout provider holds a request, the service has no
 * transaction open (a connection cut or a slow provider then costs no pooled connection and no locks).
 * The stub looks at the database's sessions each time a request reaches it.
 */
describe('payout provider calls with no transaction open', () => {
  let stub: PayPalStub;
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;
  const seen: { path: string; open: number }[] = [];

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

  const watch = (failFirstTransfer = false) => {
    seen.length = 0;
    let failed = false;
    stub.beforeReply = async (request) => {
      const path = `${request.method} ${request.path.split('?')[0]}`;
      seen.push({ path, open: await idleInTransaction(t) });
      if (failFirstTransfer && !failed && path === 'POST /v1/payments/payouts') {
        failed = true;
        throw new Error('the provider fell over mid-request');
      }
    };
  };

  it('the transfer request and the status look-up both leave with no transaction open', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 12.3);
    watch();
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing' });
    [...stub.batches.values()].at(-1)!.status = 'SUCCESS';
    await clockOf(t).advance(HOUR);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed' });

    expect(seen.map((s) => s.path)).toEqual(expect.arrayContaining(['POST /v1/payments/payouts', expect.stringMatching(/^GET \/v1\/payments\/payouts\//)]));
    expect(seen.filter((s) => s.open > 0)).toEqual([]);
  });

  it('an unanswered request stays leased, then is repeated with the same key, again with no transaction open', async () => {
    const a = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const id = await approvedSale(t, m.liveKey, campaign.id, a.id, 14.5);
    watch(true);
    await runJobs(t);
    const [payment] = await t.sql(`select payment_id::text as id from payouts where conversion_id = $1`, [id]);
    const requestsWithKey = () => stub.requests.filter((r) => r.headers['paypal-request-id'] === payment.id).length;
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing' });
    expect(requestsWithKey()).toBe(1);

    // Within the lease nothing is asked again; after it, the same request with the same key.
    await runJobs(t);
    expect(requestsWithKey()).toBe(1);
    await clockOf(t).advance(6 * 60_000);
    await runJobs(t);
    expect(requestsWithKey()).toBe(2);
    expect([...stub.batches.values()].filter((b) => b.senderBatchId === payment.id)).toHaveLength(1);
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'processing', attempts: 1 });
    expect(seen.filter((s) => s.open > 0)).toEqual([]);
  });
});
