import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * A live sale of a merchant without an earnings cap skips the merchant row lock (one lock less on the
 * hottest write), using the
 * cap its own authentication read. A cap set or removed by the operator applies from the next request.
 */
describe('earnings cap and the merchant lock on live sales', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });

  afterAll(async () => {
    await t.close();
  });

  it('a cap set after sales were made without one applies to the next request', async () => {
    const m = await createMerchant(t, 'scale');
    const c = await createCampaign(t, m);
    const a = await createAffiliate(t, m.liveKey, c.id);
    const sale = (amount: number) => postConversion(t, m.liveKey, { campaignId: c.id, affiliateId: a.id, amount });
    expect((await sale(80)).status).toBe(201);

    expect((await t.admin('PATCH', `/merchants/${m.id}`, { monthlyEarningsCap: 100 })).status).toBe(200);
    const over = await sale(30);
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('earnings_limit_reached');
    expect((await sale(20)).status).toBe(201);

    expect((await t.admin('PATCH', `/merchants/${m.id}`, { monthlyEarningsCap: null })).status).toBe(200);
    expect((await sale(500)).status).toBe(201);
  });

  it('parallel live sales of an uncapped merchant all succeed, and a capped one never exceeds its cap', async () => {
    const free = await createMerchant(t, 'scale');
    const fc = await createCampaign(t, free);
    const fa = await createAffiliate(t, free.liveKey, fc.id);
    const freeStatuses = await Promise.all(
      Array.from({ length: 12 }, () => postConversion(t, free.liveKey, { campaignId: fc.id, affiliateId: fa.id, amount: 50 }).then((r) => r.status)),
    );
    expect(freeStatuses.every((s) => s === 201)).toBe(true);

    const capped = await createMerchant(t, 'scale', { monthlyEarningsCap: 100 });
    const cc = await createCampaign(t, capped);
    const ca = await createAffiliate(t, capped.liveKey, cc.id);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => postConversion(t, capped.liveKey, { campaignId: cc.id, affiliateId: ca.id, amount: 30 }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
  });
});
