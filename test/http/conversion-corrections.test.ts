import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('correcting conversion decisions: hold, release, reopen, refund', () => {
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

  const newSale = async (amount = 100, key = merchant.liveKey, on = campaign, by = affiliate) => {
    const res = await postConversion(t, key, { campaignId: on.id, affiliateId: by.id, amount });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const patch = (id: string, body: Record<string, unknown>, key = merchant.liveKey) => t.api('PATCH', `/conversions/${id}`, key, body);
  const refund = (id: string, body?: Record<string, unknown>, key = merchant.liveKey) => t.api('POST', `/conversions/${id}/refund`, key, body);
  const row = async (id: string) =>
    (await t.sql(`select status, held_from, commission::text, refunded_amount::text, version from conversions where id = $1`, [id]))[0];
  const payout = async (id: string) => (await t.sql(`select status, amount::text from payouts where conversion_id = $1`, [id]))[0] ?? null;
  const eventTypes = async (id: string) =>
    (await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 order by occurred_at, id`, [id])).map((r) => r.type);

  it('holds an approved conversion (its queued payout goes) and releases it back to approved (queued again)', async () => {
    const id = await newSale(100);
    await patch(id, { status: 'approved' });
    expect(await payout(id)).toEqual({ status: 'pending', amount: '20.000000' });
    const held = await patch(id, { status: 'held' });
    expect(held.status).toBe(200);
    expect(held.body.data.status).toBe('held');
    expect(await payout(id)).toBeNull();
    expect((await row(id)).held_from).toBe('approved');
    const released = await patch(id, { status: 'released' });
    expect(released.status).toBe(200);
    expect(released.body.data.status).toBe('approved');
    expect(await payout(id)).toEqual({ status: 'pending', amount: '20.000000' });
    expect((await row(id)).held_from).toBeNull();
    expect(await eventTypes(id)).toEqual([
      'conversion.created',
      'conversion.approved',
      'conversion.updated',
      'conversion.updated',
      'conversion.updated',
    ]);
  });

  it('releases a hold taken from pending back to pending', async () => {
    const id = await newSale(40);
    expect((await patch(id, { status: 'held' })).body.data.status).toBe('held');
    expect((await patch(id, { status: 'released' })).body.data.status).toBe('pending');
    expect(await payout(id)).toBeNull();
  });

  it('reopens a rejected conversion to pending, and it can then be approved', async () => {
    const id = await newSale(30);
    await patch(id, { status: 'rejected' });
    const reopened = await patch(id, { status: 'pending' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.status).toBe('pending');
    expect((await patch(id, { status: 'approved' })).body.data.status).toBe('approved');
  });

  it('refuses moves the machine lacks with 409 invalid_transition and changes nothing', async () => {
    const id = await newSale(10);
    await patch(id, { status: 'approved' });
    const before = await row(id);
    for (const status of ['released', 'pending']) {
      const res = await patch(id, { status });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_transition');
    }
    expect(await row(id)).toEqual(before);
    await refund(id);
    for (const status of ['pending', 'held', 'released', 'approved']) {
      expect((await patch(id, { status })).body.error.code).toBe('invalid_transition');
    }
  });

  it('refuses a status PATCH cannot ask for with 400 validation_error, changing nothing', async () => {
    const id = await newSale(10);
    const before = await row(id);
    for (const status of ['paid', 'refunded', 'release', 'HELD']) {
      const res = await patch(id, { status });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect(await row(id)).toEqual(before);
  });

  it('applies the 5x guard when a release returns to approved', async () => {
    const fixed = await createCampaign(t, merchant, { commissionType: 'fixed', commissionValue: 60 });
    const a = await createAffiliate(t, merchant.liveKey, fixed.id);
    const id = await newSale(10, merchant.liveKey, fixed, a);
    await patch(id, { status: 'approved', confirmAboveSale: true });
    await patch(id, { status: 'held' });
    const refused = await patch(id, { status: 'released' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('commission_above_sale');
    expect((await row(id)).status).toBe('held');
    expect((await patch(id, { status: 'released', confirmAboveSale: true })).body.data.status).toBe('approved');
  });

  it('refunds in part (commission shrinks, payout resized) and then whole (refunded, payout gone)', async () => {
    const id = await newSale(200);
    await patch(id, { status: 'approved' });
    const part = await refund(id, { amount: 50 });
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({ status: 'approved', commission: 30, refundedAmount: 50 });
    expect(await payout(id)).toEqual({ status: 'pending', amount: '30.000000' });
    const whole = await refund(id);
    expect(whole.body.data).toMatchObject({ status: 'refunded', commission: 0, refundedAmount: 200 });
    expect(await payout(id)).toBeNull();
    const audit = await t.sql(`select method, path, status from audit_log where path = $1 order by created_at`, [`/api/v1/conversions/${id}/refund`]);
    expect(audit.map((a) => a.status)).toEqual([200, 200]);
  });

  it('validates the refund amount and changes nothing when it is refused', async () => {
    const id = await newSale(20);
    const before = await row(id);
    for (const body of [{ amount: 0 }, { amount: -1 }, { amount: 'x' }, { amount: 20.001 }, { amount: 25 }]) {
      const res = await refund(id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect(await row(id)).toEqual(before);
  });

  it('hides other merchants and the other mode (404), gates on plan and write key', async () => {
    const id = await newSale(10);
    const other = await createMerchant(t, 'scale');
    expect((await refund(id, undefined, other.liveKey)).status).toBe(404);
    expect((await patch(id, { status: 'held' }, other.liveKey)).status).toBe(404);
    expect((await refund(id, undefined, merchant.testKey)).status).toBe(404);
    expect((await patch(id, { status: 'held' }, merchant.testKey)).status).toBe(404);
    expect((await refund(id, undefined, merchant.liveReadKey)).body.error.code).toBe('insufficient_permissions');
    const pro = await createMerchant(t, 'professional');
    expect((await t.api('POST', `/conversions/${id}/refund`, pro.liveKey)).status).toBe(403);
    expect((await row(id)).status).toBe('pending');
  });

  it('refunds test conversions with the test key', async () => {
    const testAffiliate = await createAffiliate(t, merchant.testKey, campaign.id);
    const id = await newSale(10, merchant.testKey, campaign, testAffiliate);
    const res = await refund(id, undefined, merchant.testKey);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('refunded');
    expect((await refund(id, undefined, merchant.liveKey)).status).toBe(404);
  });
});
