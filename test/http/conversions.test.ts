import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('conversions', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let liveAffiliate: { id: string; email: string };
  let testAffiliate: { id: string; email: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 10 });
    liveAffiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    testAffiliate = await createAffiliate(t, merchant.testKey, campaign.id);
  });
  afterAll(() => t.close());

  const sale = (fields: Record<string, unknown> = {}) => ({ campaignId: campaign.id, affiliateId: liveAffiliate.id, amount: 49.99, ...fields });

  describe('POST /conversions', () => {
    it('creates a pending conversion with the commission computed and numbers in the response', async () => {
      const res = await postConversion(t, merchant.liveKey, sale({ orderId: 'order-1', customerName: 'Ada', customerEmail: 'ada@customer.test' }));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        campaignId: campaign.id,
        affiliateId: liveAffiliate.id,
        amount: 49.99,
        taxAmount: null,
        commission: 5,
        currency: 'usd',
        status: 'pending',
        conversionType: 'one_time',
        orderId: 'order-1',
        isTest: false,
        payoutMethod: null,
        payoutDate: null,
        cardTransferId: null,
        customerName: 'Ada',
        customerEmail: 'ada@customer.test',
        source: 'api',
      });
      const [row] = await t.sql(`select source, amount::text, commission::text from conversions where id = $1`, [res.body.data.id]);
      expect(row).toEqual({ source: 'api', amount: '49.990000', commission: '5.000000' });
    });

    it('computes commission on the net sale when taxAmount is set, in the given currency', async () => {
      const res = await postConversion(t, merchant.liveKey, sale({ amount: 1000, taxAmount: 200, currency: 'JPY' }));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ amount: 1000, taxAmount: 200, commission: 100, currency: 'jpy' });
    });

    it('emits conversion.created to the outbox with the spec payload, in the same transaction', async () => {
      const res = await postConversion(t, merchant.liveKey, sale({ amount: 20, taxAmount: 5 }));
      const events = await t.sql(`select type, mode, payload from outbox_events where payload->>'conversionId' = $1`, [res.body.data.id]);
      expect(events).toEqual([
        {
          type: 'conversion.created',
          mode: 'live',
          payload: {
            conversionId: res.body.data.id,
            campaignId: campaign.id,
            affiliateId: liveAffiliate.id,
            amount: '20.00',
            taxAmount: '5.00',
            commission: '2.00',
            currency: 'usd',
            status: 'pending',
          },
        },
      ]);
    });

    it('keeps test sales apart: a test key writes isTest conversions that live keys cannot see', async () => {
      const res = await postConversion(t, merchant.testKey, { campaignId: campaign.id, affiliateId: testAffiliate.id, amount: 10 });
      expect(res.status).toBe(201);
      expect(res.body.data.isTest).toBe(true);
      expect((await t.api('GET', `/conversions/${res.body.data.id}`, merchant.liveKey)).status).toBe(404);
      expect((await t.api('GET', `/conversions/${res.body.data.id}`, merchant.testKey)).status).toBe(200);
      // A live affiliate does not exist in test mode.
      expect((await postConversion(t, merchant.testKey, sale())).status).toBe(404);
    });

    it('refuses read-only keys (every Pro key) with 403 insufficient_permissions', async () => {
      const pro = await createMerchant(t, 'professional');
      for (const key of [merchant.liveReadKey, pro.liveKey]) {
        const res = await postConversion(t, key, sale());
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('insufficient_permissions');
      }
    });

    it('refuses live sales from a team-member key without Manage payouts; test sales are allowed', async () => {
      const key = async (mode: string, managePayouts: boolean) =>
        (await t.admin('POST', `/merchants/${merchant.id}/keys`, { mode, write: true, createdBy: 'team_member', managePayouts })).body.data.key;
      const refused = await postConversion(t, await key('live', false), sale());
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_permissions');
      expect((await postConversion(t, await key('live', true), sale())).status).toBe(201);
      const testSale = { campaignId: campaign.id, affiliateId: testAffiliate.id, amount: 1 };
      expect((await postConversion(t, await key('test', false), testSale)).status).toBe(201);
    });

    it('answers 404 for a campaign or affiliate that is not the merchant’s', async () => {
      const other = await createMerchant(t, 'scale');
      const foreign = await createCampaign(t, other);
      const foreignAffiliate = await createAffiliate(t, other.liveKey, foreign.id);
      for (const body of [
        sale({ campaignId: foreign.id }),
        sale({ affiliateId: foreignAffiliate.id }),
        sale({ campaignId: '00000000-0000-7000-8000-000000000000' }),
        sale({ campaignId: 'not-an-id' }),
      ]) {
        const res = await postConversion(t, merchant.liveKey, body);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    });

    it('answers 400 affiliate_not_approved for a pending affiliate', async () => {
      const pending = await signUpAffiliate(t, merchant.id, campaign.id);
      expect(pending.status).toBe('pending');
      const res = await postConversion(t, merchant.liveKey, sale({ affiliateId: pending.id }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('affiliate_not_approved');
    });

    it('refuses a sale on an inactive campaign', async () => {
      const inactive = await createCampaign(t, merchant, { status: 'inactive' });
      const affiliate = await createAffiliate(t, merchant.liveKey, inactive.id);
      const res = await postConversion(t, merchant.liveKey, { campaignId: inactive.id, affiliateId: affiliate.id, amount: 5 });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('campaignId');
    });

    it('validates the body and names the field; nothing is written', async () => {
      const [before] = await t.sql('select count(*)::int as n from conversions');
      for (const [body, field] of [
        [sale({ amount: -1 }), 'amount'],
        [sale({ amount: 'ten' }), 'amount'],
        [sale({ currency: 'dollars' }), 'currency'],
        [sale({ customerEmail: 'nope' }), 'customerEmail'],
        [sale({ taxAmount: -3 }), 'taxAmount'],
        [sale({ amount: 1.005 }), 'amount'],
        [{ campaignId: campaign.id, amount: 3 }, 'affiliateId'],
      ] as const) {
        const res = await postConversion(t, merchant.liveKey, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
      const [after] = await t.sql('select count(*)::int as n from conversions');
      expect(after.n).toBe(before.n);
    });

    it('answers 409 duplicate for a reused orderId, and exactly one of 20 parallel creates wins', async () => {
      expect((await postConversion(t, merchant.liveKey, sale({ orderId: 'dup-1' }))).status).toBe(201);
      const again = await postConversion(t, merchant.liveKey, sale({ orderId: 'dup-1' }));
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('duplicate');
      // The same order id in test mode is another tenant's.
      const testSale = { campaignId: campaign.id, affiliateId: testAffiliate.id, amount: 1, orderId: 'dup-1' };
      expect((await postConversion(t, merchant.testKey, testSale)).status).toBe(201);

      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => postConversion(t, merchant.liveKey, sale({ orderId: 'race-1' })).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const rows = await t.sql(`select count(*)::int as n from conversions where order_id = 'race-1'`);
      expect(rows[0].n).toBe(1);
    });

    it('enforces the monthly earnings cap on live sales only (403 earnings_limit_reached)', async () => {
      const capped = await createMerchant(t, 'scale', { monthlyEarningsCap: 100 });
      const c = await createCampaign(t, capped);
      const a = await createAffiliate(t, capped.liveKey, c.id);
      expect((await postConversion(t, capped.liveKey, { campaignId: c.id, affiliateId: a.id, amount: 60 })).status).toBe(201);
      expect((await postConversion(t, capped.liveKey, { campaignId: c.id, affiliateId: a.id, amount: 40 })).status).toBe(201);
      const over = await postConversion(t, capped.liveKey, { campaignId: c.id, affiliateId: a.id, amount: 0.01 });
      expect(over.status).toBe(403);
      expect(over.body.error.code).toBe('earnings_limit_reached');
      const ta = await createAffiliate(t, capped.testKey, c.id);
      expect((await postConversion(t, capped.testKey, { campaignId: c.id, affiliateId: ta.id, amount: 500 })).status).toBe(201);
    });

    it('answers 422 self_referral when the customer is the affiliate (live, with clickId and customerEmail)', async () => {
      const selfSale = sale({ clickId: 'clk_1', customerEmail: liveAffiliate.email.toUpperCase() });
      const res = await postConversion(t, merchant.liveKey, selfSale);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('self_referral');
      // Without a click id the check does not run; test keys skip it.
      expect((await postConversion(t, merchant.liveKey, sale({ customerEmail: liveAffiliate.email }))).status).toBe(201);
      const testSelf = { campaignId: campaign.id, affiliateId: testAffiliate.id, amount: 3, clickId: 'c', customerEmail: testAffiliate.email };
      expect((await postConversion(t, merchant.testKey, testSelf)).status).toBe(201);
    });
  });

  describe('reading', () => {
    it('lists the key mode only, newest first, money as strings, with filters and pagination', async () => {
      const c2 = await createCampaign(t, merchant);
      const a2 = await createAffiliate(t, merchant.liveKey, c2.id);
      const first = await postConversion(t, merchant.liveKey, { campaignId: c2.id, affiliateId: a2.id, amount: 12.5 });
      const second = await postConversion(t, merchant.liveKey, { campaignId: c2.id, affiliateId: a2.id, amount: 7 });
      const res = await t.api('GET', `/conversions?campaignId=${c2.id}&limit=1`, merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
      expect(res.body.data[0]).toMatchObject({ id: second.body.data.id, amount: '7.00', commission: '0.70', taxAmount: null });
      const page2 = await t.api('GET', `/conversions?campaignId=${c2.id}&limit=1&page=2`, merchant.liveKey);
      expect(page2.body.data[0].id).toBe(first.body.data.id);
      const byAffiliate = await t.api('GET', `/conversions?affiliateId=${a2.id}&status=pending`, merchant.liveKey);
      expect(byAffiliate.body.data).toHaveLength(2);
      const none = await t.api('GET', `/conversions?affiliateId=${a2.id}&status=approved`, merchant.liveKey);
      expect(none.body.data).toEqual([]);
      const tests = await t.api('GET', `/conversions?limit=100`, merchant.testKey);
      expect(tests.body.data.every((c: { isTest: boolean }) => c.isTest)).toBe(true);
    });

    it('filters by date range on createdAt', async () => {
      const now = (await t.admin('GET', '/clock')).body.data.now as string;
      const today = now.slice(0, 10);
      const inRange = await t.api('GET', `/conversions?from=${today}&to=${today}`, merchant.liveKey);
      expect(inRange.body.pagination.total).toBeGreaterThan(0);
      const future = await t.api('GET', `/conversions?from=2999-01-01`, merchant.liveKey);
      expect(future.body.pagination.total).toBe(0);
      const bad = await t.api('GET', `/conversions?from=yesterday`, merchant.liveKey);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].field).toBe('from');
      const badStatus = await t.api('GET', `/conversions?status=lost`, merchant.liveKey);
      expect(badStatus.status).toBe(400);
      expect((await t.api('GET', `/conversions?limit=101`, merchant.liveKey)).status).toBe(400);
    });

    it('gets one conversion with the full field set and its campaign name', async () => {
      const created = await postConversion(t, merchant.liveKey, sale({ customerName: 'Grace' }));
      const res = await t.api('GET', `/conversions/${created.body.data.id}`, merchant.liveKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: created.body.data.id, campaignName: campaign.name, customerName: 'Grace', parentConversionId: null, amount: 49.99 });
      expect((await t.api('GET', '/conversions/not-a-uuid', merchant.liveKey)).status).toBe(404);
    });
  });

  describe('volume tiers (campaign extension)', () => {
    it('stores and echoes the tiers, and pays the tier rate once the month reaches its threshold', async () => {
      const created = await t.api('POST', '/campaigns', merchant.liveKey, {
        name: 'Tiered',
        commissionType: 'percentage',
        commissionValue: 10,
        commissionTiers: { basis: 'conversions', tiers: [{ threshold: 2, commissionType: 'percentage', commissionValue: 20 }] },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.commissionTiers).toEqual({
        basis: 'conversions',
        tiers: [{ threshold: 2, commissionType: 'percentage', commissionValue: 20 }],
      });
      const tiered = created.body.data.id as string;
      const a = await createAffiliate(t, merchant.liveKey, tiered);
      const commissions: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await postConversion(t, merchant.liveKey, { campaignId: tiered, affiliateId: a.id, amount: 100 });
        commissions.push(res.body.data.commission);
      }
      expect(commissions).toEqual([10, 10, 20]);
      // Another affiliate's month is its own.
      const b = await createAffiliate(t, merchant.liveKey, tiered);
      expect((await postConversion(t, merchant.liveKey, { campaignId: tiered, affiliateId: b.id, amount: 100 })).body.data.commission).toBe(10);
    });

    it('validates tiers and names the field', async () => {
      const res = await t.api('POST', '/campaigns', merchant.liveKey, {
        name: 'Bad tiers',
        commissionType: 'percentage',
        commissionValue: 10,
        commissionTiers: {
          basis: 'conversions',
          tiers: [
            { threshold: 5, commissionType: 'percentage', commissionValue: 120 },
            { threshold: 5, commissionType: 'fixed', commissionValue: 1 },
          ],
        },
      });
      expect(res.status).toBe(400);
      const fields = res.body.error.details.map((d: { field: string }) => d.field);
      expect(fields).toContain('commissionTiers.tiers.0.commissionValue');
      expect(fields).toContain('commissionTiers.tiers.1.threshold');
    });
  });
});
