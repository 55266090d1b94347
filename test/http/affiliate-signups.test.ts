import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, slice3Counts, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('operator: affiliate sign-ups and payout details', () => {
  let t: TestService;
  let m: TestMerchant;
  let manual: { id: string };
  let auto: { id: string };

  const signUp = (merchantId: string, body: Record<string, unknown>) => t.admin('POST', `/merchants/${merchantId}/affiliate-signups`, body);
  const eventsOf = (affiliateId: string) =>
    t.sql(`select type, mode, merchant_id, payload from outbox_events where payload->>'affiliateId' = $1 order by occurred_at, id`, [
      affiliateId,
    ]);

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    manual = await createCampaign(t, m.liveKey, { name: 'Manual' });
    auto = await createCampaign(t, m.liveKey, { name: 'Auto', autoApproveAffiliates: true });
  });
  afterAll(() => t.close());

  describe('POST /admin/v1/merchants/:id/affiliate-signups', () => {
    it('joins pending on a manual campaign and records affiliate.joined with the join status', async () => {
      const email = uniqueEmail('self');
      const res = await signUp(m.id, { email, name: 'Selma', campaignId: manual.id });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({ affiliateId: expect.any(String), campaignId: manual.id, status: 'pending' });
      const id = res.body.data.affiliateId;
      const [affiliate] = await t.sql('select name, headless, created_via, is_test from affiliates where id = $1', [id]);
      expect(affiliate).toEqual({ name: 'Selma', headless: false, created_via: 'signup', is_test: false });
      const events = await eventsOf(id);
      expect(events).toEqual([
        {
          type: 'affiliate.joined',
          mode: 'live',
          merchant_id: m.id,
          payload: { affiliateId: id, campaignId: manual.id, status: 'pending', previousStatus: null, joinedAt: expect.any(String) },
        },
      ]);
    });

    it('joins approved when the campaign auto-approves affiliates', async () => {
      const res = await signUp(m.id, { email: uniqueEmail(), campaignId: auto.id });
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe('approved');
      const [event] = await eventsOf(res.body.data.affiliateId);
      expect(event?.payload.status).toBe('approved');
    });

    it('reuses the affiliate with that email (case-insensitive); a repeat changes nothing and answers 200', async () => {
      const email = uniqueEmail('again');
      const first = await signUp(m.id, { email, campaignId: manual.id });
      const second = await signUp(m.id, { email: email.toUpperCase(), campaignId: auto.id });
      expect(second.status).toBe(201);
      expect(second.body.data.affiliateId).toBe(first.body.data.affiliateId);
      const before = await slice3Counts(t);
      const repeat = await signUp(m.id, { email, campaignId: manual.id });
      expect(repeat.status).toBe(200);
      expect(repeat.body.data).toEqual({ affiliateId: first.body.data.affiliateId, campaignId: manual.id, status: 'pending' });
      expect(await slice3Counts(t)).toEqual(before);
    });

    it('gives a headless (API-created) affiliate a login account when its person signs up', async () => {
      const created = await createAffiliate(t, m.liveKey, manual.id);
      const res = await signUp(m.id, { email: created.email, campaignId: auto.id });
      expect(res.body.data.affiliateId).toBe(created.id);
      const [row] = await t.sql('select headless, created_via from affiliates where id = $1', [created.id]);
      expect(row).toEqual({ headless: false, created_via: 'api' });
    });

    it('signs up test affiliates in test mode, seen by test keys only', async () => {
      const res = await signUp(m.id, { email: uniqueEmail(), campaignId: manual.id, mode: 'test' });
      expect(res.status).toBe(201);
      const id = res.body.data.affiliateId;
      expect((await t.api('GET', `/affiliates/${id}`, m.testKey)).body.data.isTest).toBe(true);
      expect((await t.api('GET', `/affiliates/${id}`, m.liveKey)).status).toBe(404);
      expect((await eventsOf(id))[0]?.mode).toBe('test');
    });

    it("answers 404 for another merchant's campaign or an unknown merchant, 400 for bad input, writing nothing", async () => {
      const other = await createMerchant(t, 'scale');
      const before = await slice3Counts(t);
      expect((await signUp(other.id, { email: uniqueEmail(), campaignId: manual.id })).status).toBe(404);
      expect((await signUp('01900000-0000-7000-8000-000000000000', { email: uniqueEmail(), campaignId: manual.id })).status).toBe(404);
      const bad = await signUp(m.id, { email: 'x', campaignId: manual.id, mode: 'sandbox' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'mode']);
      expect(await slice3Counts(t)).toEqual(before);
    });
  });

  describe('POST /admin/v1/affiliates/:id/payout-details', () => {
    it('saves an email payout method, answers the list item, and fires the completion event once', async () => {
      const joined = await signUp(m.id, { email: uniqueEmail('payee'), campaignId: auto.id });
      const id = joined.body.data.affiliateId;
      const res = await t.admin('POST', `/affiliates/${id}/payout-details`, { method: 'wallet_a', email: 'wallet@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id,
        campaignId: auto.id,
        campaignName: 'Auto',
        status: 'approved',
        payoutMethod: 'wallet_a',
        payoutEmail: 'wallet@example.com',
        payoutDetailsCompleted: true,
      });
      expect(res.body.data.trackingLink).toMatch(/\/r\/[a-z0-9]{8}\/[a-z0-9]{8}$/);
      const again = await t.admin('POST', `/affiliates/${id}/payout-details`, { method: 'transfer_b', email: 'bank@example.com' });
      expect(again.body.data).toMatchObject({ payoutMethod: 'transfer_b', payoutEmail: 'bank@example.com', payoutDetailsCompleted: true });
      const completions = (await eventsOf(id)).filter((e) => e.type === 'affiliate.payout_details_completed');
      expect(completions).toEqual([
        {
          type: 'affiliate.payout_details_completed',
          mode: 'live',
          merchant_id: m.id,
          payload: { affiliateId: id, payoutMethod: 'wallet_a', payoutEmail: 'wallet@example.com', completedAt: expect.any(String) },
        },
      ]);
      // The merchant's API shows the same.
      const list = await t.api('GET', `/affiliates?campaignId=${auto.id}&limit=100`, m.liveKey);
      expect(list.body.data.find((r: { id: string }) => r.id === id)).toMatchObject({ payoutMethod: 'transfer_b', payoutDetailsCompleted: true });
    });

    it("never exposes an email for connect, and tells only the affiliate's own merchant", async () => {
      const email = uniqueEmail('connect');
      const joined = await signUp(m.id, { email, campaignId: manual.id });
      const other = await createMerchant(t, 'scale');
      const theirs = await signUp(other.id, { email, campaignId: (await createCampaign(t, other.liveKey)).id });
      const id = joined.body.data.affiliateId;
      // The same person at another merchant is that merchant's own affiliate record.
      expect(theirs.body.data.affiliateId).not.toBe(id);
      const res = await t.admin('POST', `/affiliates/${id}/payout-details`, { method: 'connect', email: 'ignored@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ payoutMethod: 'connect', payoutEmail: null, payoutDetailsCompleted: true });
      const completions = (await eventsOf(id)).filter((e) => e.type === 'affiliate.payout_details_completed');
      expect(completions.map((e) => e.merchant_id)).toEqual([m.id]);
      expect(completions[0]?.payload.payoutEmail).toBeNull();
      const [row] = await t.sql('select payout_email from affiliates where id = $1', [id]);
      expect(row.payout_email).toBeNull();
      const [theirRow] = await t.sql('select payout_method from affiliates where id = $1', [theirs.body.data.affiliateId]);
      expect(theirRow.payout_method).toBeNull();
    });

    it('answers 400 naming the field for a missing or bad email or method, 404 for an unknown affiliate, writing nothing', async () => {
      const joined = await signUp(m.id, { email: uniqueEmail(), campaignId: manual.id });
      const id = joined.body.data.affiliateId;
      const before = await slice3Counts(t);
      for (const [body, field] of [
        [{ method: 'wallet_a' }, 'email'],
        [{ method: 'transfer_b', email: 'not-an-email' }, 'email'],
        [{ method: 'paypal', email: 'a@example.com' }, 'method'],
      ] as const) {
        const res = await t.admin('POST', `/affiliates/${id}/payout-details`, body);
        expect(res.status).toBe(400);
        expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
      }
      const missing = await t.admin('POST', '/affiliates/01900000-0000-7000-8000-000000000000/payout-details', { method: 'connect' });
      expect(missing.status).toBe(404);
      expect(await slice3Counts(t)).toEqual(before);
      const [row] = await t.sql('select payout_method, payout_details_completed_at from affiliates where id = $1', [id]);
      expect(row).toEqual({ payout_method: null, payout_details_completed_at: null });
    });
  });
});
