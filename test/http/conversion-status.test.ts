import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('conversion status changes', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let affiliate: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true });
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 20 });
    affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
  });
  afterAll(() => t.close());

  const newSale = async (amount = 100, fields: Record<string, unknown> = {}, on = campaign, by = affiliate) => {
    const res = await postConversion(t, merchant.liveKey, { campaignId: on.id, affiliateId: by.id, amount, ...fields });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const patch = (id: string, body: Record<string, unknown>, key = merchant.liveKey) => t.api('PATCH', `/conversions/${id}`, key, body);
  const eventTypes = async (id: string) =>
    (await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 order by occurred_at, id`, [id])).map((r) => r.type);

  it('approves: answers { id, status, amount, commission, updatedAt } and emits approved + updated', async () => {
    const id = await newSale(100);
    const res = await patch(id, { status: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, status: 'approved', amount: 100, commission: 20, updatedAt: expect.any(String) });
    expect(await eventTypes(id)).toEqual(['conversion.created', 'conversion.approved', 'conversion.updated']);
  });

  it('queues a payout on approval with automatic payouts, and cancels it when the conversion moves away', async () => {
    const id = await newSale(50);
    await patch(id, { status: 'approved' });
    const [row] = await t.sql(`select status, amount::text, currency from payouts where conversion_id = $1`, [id]);
    expect(row).toEqual({ status: 'pending', amount: '10.000000', currency: 'usd' });
    const rejected = await patch(id, { status: 'rejected' });
    expect(rejected.body.data.status).toBe('rejected');
    expect(await t.sql(`select 1 from payouts where conversion_id = $1`, [id])).toEqual([]);
    expect(await eventTypes(id)).toEqual([
      'conversion.created',
      'conversion.approved',
      'conversion.updated',
      'conversion.rejected',
      'conversion.updated',
    ]);
  });

  it('queues nothing for a merchant without automatic payouts', async () => {
    const manual = await createMerchant(t, 'scale');
    const c = await createCampaign(t, manual);
    const a = await createAffiliate(t, manual.liveKey, c.id);
    const created = await postConversion(t, manual.liveKey, { campaignId: c.id, affiliateId: a.id, amount: 10 });
    expect((await patch(created.body.data.id, { status: 'approved' }, manual.liveKey)).status).toBe(200);
    expect(await t.sql(`select 1 from payouts where conversion_id = $1`, [created.body.data.id])).toEqual([]);
  });

  describe('the 5x guard', () => {
    let fixed: TestCampaign;
    let fixedAffiliate: { id: string };
    beforeAll(async () => {
      fixed = await createCampaign(t, merchant, { commissionType: 'fixed', commissionValue: 51 });
      fixedAffiliate = await createAffiliate(t, merchant.liveKey, fixed.id);
    });

    it('answers 409 commission_above_sale above 5x the sale and changes nothing until confirmed', async () => {
      const id = await newSale(10, {}, fixed, fixedAffiliate);
      const refused = await patch(id, { status: 'approved' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('commission_above_sale');
      expect((await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status).toBe('pending');
      expect(await eventTypes(id)).toEqual(['conversion.created']);
      const confirmed = await patch(id, { status: 'approved', confirmAboveSale: true });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.status).toBe('approved');
    });

    it('counts tax in the sale: 51 on 10 + 0.2 tax is exactly 5x and passes', async () => {
      const id = await newSale(10, { taxAmount: 0.2 }, fixed, fixedAffiliate);
      expect((await patch(id, { status: 'approved' })).status).toBe(200);
    });

    it('any commission on a zero sale needs confirmation', async () => {
      const id = await newSale(0);
      const refused = await patch(id, { status: 'approved' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('commission_above_sale');
      expect((await patch(id, { status: 'approved', confirmAboveSale: true })).status).toBe(200);
    });
  });

  it('never changes paid, refunded or held conversions: 409 invalid_transition', async () => {
    const held = await newSale(30);
    expect((await t.admin('POST', `/conversions/${held}/hold`)).body.data.status).toBe('held');
    const refunded = await newSale(30);
    expect((await t.admin('POST', `/conversions/${refunded}/refund`)).body.data.status).toBe('refunded');
    const paid = await newSale(30);
    await patch(paid, { status: 'approved' });
    await t.sql(`update conversions set status = 'paid' where id = $1`, [paid]);
    for (const id of [held, refunded, paid]) {
      for (const status of ['approved', 'rejected']) {
        const res = await patch(id, { status });
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe('invalid_transition');
      }
    }
    const rejected = await newSale(30);
    await patch(rejected, { status: 'rejected' });
    expect((await patch(rejected, { status: 'approved' })).body.error.code).toBe('invalid_transition');
  });

  it('validates the patch body and the id', async () => {
    const id = await newSale(10);
    const bad = await patch(id, { status: 'paid' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('status');
    expect((await patch('00000000-0000-7000-8000-000000000000', { status: 'approved' })).status).toBe(404);
    expect((await patch(id, { status: 'approved' }, merchant.testKey)).status).toBe(404);
    expect((await patch(id, { status: 'approved' }, merchant.liveReadKey)).status).toBe(403);
  });

  it('racing PATCHes on one conversion act once: one approval, one payout row, one set of events', async () => {
    const id = await newSale(40);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => patch(id, { status: 'approved' })),
      ...Array.from({ length: 6 }, () => patch(id, { status: 'rejected' })),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const final = (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status;
    const types = await eventTypes(id);
    expect(types.filter((e) => e === 'conversion.approved').length).toBeLessThanOrEqual(1);
    expect(types.filter((e) => e === 'conversion.rejected')).toHaveLength(1);
    expect(final).toBe('rejected');
    expect(await t.sql(`select 1 from payouts where conversion_id = $1`, [id])).toEqual([]);
  });

  describe('operator refund and hold', () => {
    it('a partial refund records the refunded amount and recomputes the commission on what remains', async () => {
      const id = await newSale(100);
      await patch(id, { status: 'approved' });
      const res = await t.admin('POST', `/conversions/${id}/refund`, { amount: 25 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'approved', commission: 15, refundedAmount: 25, amount: 100 });
      const [payout] = await t.sql(`select amount::text from payouts where conversion_id = $1`, [id]);
      expect(payout.amount).toBe('15.000000');
      const whole = await t.admin('POST', `/conversions/${id}/refund`);
      expect(whole.body.data).toMatchObject({ status: 'refunded', commission: 0 });
      expect(await t.sql(`select 1 from payouts where conversion_id = $1`, [id])).toEqual([]);
    });

    it('refuses refunds beyond the sale and unknown conversions', async () => {
      const id = await newSale(10);
      const over = await t.admin('POST', `/conversions/${id}/refund`, { amount: 11 });
      expect(over.status).toBe(400);
      expect(over.body.error.code).toBe('validation_error');
      expect((await t.admin('POST', `/conversions/00000000-0000-7000-8000-000000000000/hold`)).status).toBe(404);
    });
  });

  describe('automatic approval', () => {
    it('approves pending sales once the campaign period has passed, through the job runner', async () => {
      const auto = await createCampaign(t, merchant, { autoApproveCommissionsAfterDays: 7, commissionValue: 10 });
      const a = await createAffiliate(t, merchant.liveKey, auto.id);
      const due = await newSale(10, {}, auto, a);
      const guarded = await newSale(0, {}, auto, a);
      const first = await t.admin('POST', '/jobs/run');
      expect(first.body.data['auto-approve-conversions']).toBe(0);
      const now = Date.parse((await t.admin('GET', '/clock')).body.data.now);
      await t.admin('POST', '/clock', { now: new Date(now + 7 * 86_400_000 + 60_000).toISOString() });
      const second = await t.admin('POST', '/jobs/run');
      expect(second.body.data['auto-approve-conversions']).toBe(1);
      expect((await t.api('GET', `/conversions/${due}`, merchant.liveKey)).body.data.status).toBe('approved');
      // A zero sale needs the merchant's confirmation: it stays pending.
      expect((await t.api('GET', `/conversions/${guarded}`, merchant.liveKey)).body.data.status).toBe('pending');
      expect(await eventTypes(due)).toContain('conversion.approved');
      expect(await t.sql(`select 1 from payouts where conversion_id = $1`, [due])).toHaveLength(1);
      expect((await t.admin('POST', '/jobs/run')).body.data['auto-approve-conversions']).toBe(0);
    });
  });
});
