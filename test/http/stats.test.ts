import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, insertConversion } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * GET /stats and GET /stats/overview. The service clock is moved to 2027-03-15T12:00Z, so "this
 * month" is March 2027; back-dated sales are written as rows (they go through the same triggers as
 * the API's writes), current ones through the API.
 */
describe('statistics', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaignA: { id: string; trackingCode: string };
  let campaignB: { id: string; trackingCode: string };
  let a1: { id: string; email: string; trackingLink: string };
  let a2: { id: string; trackingLink: string };
  let testAffiliate: { id: string; trackingLink: string };

  const NOW = '2027-03-15T12:00:00.000Z';
  const stats = async (query = '', key = m.liveKey) => {
    const res = await t.api('GET', `/stats${query}`, key);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const visit = (link: string, address: string) =>
    t.request('GET', new URL(link).pathname, { headers: { 'x-forwarded-for': address, 'user-agent': 'Test browser' } });
  const sale = (fields: Partial<Parameters<typeof insertConversion>[1]>) =>
    insertConversion(t, { merchantId: m.id, campaignId: campaignA.id, affiliateId: a1.id, amount: '10', commission: '1', ...fields });

  beforeAll(async () => {
    t = await startTestService();
    await t.admin('POST', '/clock', { now: NOW });
    m = await createMerchant(t, 'scale');
    campaignA = await createCampaign(t, m.liveKey, { commissionType: 'percentage', commissionValue: 10 });
    campaignB = await createCampaign(t, m.liveKey, { commissionType: 'percentage', commissionValue: 10 });
    a1 = await createAffiliate(t, m.liveKey, campaignA.id);
    a2 = await createAffiliate(t, m.liveKey, campaignB.id);
    testAffiliate = await createAffiliate(t, m.testKey, campaignA.id);
    // a1 joins campaign B too (self sign-up, then approved): still one affiliate.
    const joined = await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email: a1.email, campaignId: campaignB.id });
    expect(joined.status).toBe(201);
    expect((await t.api('PATCH', `/affiliates/${a1.id}`, m.liveKey, { campaignId: campaignB.id, status: 'approved' })).status).toBe(200);
    // A pending applicant is not one of the merchant's affiliates yet.
    await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email: 'applicant@example.com', campaignId: campaignA.id });
  });
  afterAll(() => t.close());

  describe('GET /stats', () => {
    let before: Record<string, any>;

    it('is empty for a merchant without sales, over this month by default', async () => {
      const fresh = await createMerchant(t, 'scale');
      const data = await stats('', fresh.liveKey);
      expect(data).toEqual({
        totalRevenue: 0,
        totalTax: 0,
        totalCommissions: 0,
        totalConversions: 0,
        totalClicks: 0,
        totalAffiliates: 0,
        totalLeads: 0,
        byCurrency: [],
        periodStart: '2027-03-01T00:00:00.000Z',
        periodEnd: expect.any(String),
      });
      // periodEnd is now, by the service clock.
      expect(Date.parse(data.periodEnd)).toBeGreaterThanOrEqual(Date.parse(NOW));
      expect(Date.parse(data.periodEnd) - Date.parse(NOW)).toBeLessThan(60_000);
      before = await stats();
    });

    it('counts this month’s sales in every status but rejected and refunded, per currency and added as recorded', async () => {
      await sale({ amount: '100', commission: '10', status: 'pending', createdAt: '2027-03-01T00:00:00Z' });
      await sale({ amount: '50', commission: '5', status: 'approved', createdAt: '2027-03-10T09:00:00Z' });
      await sale({ amount: '20', commission: '2', status: 'paid', createdAt: '2027-03-11T09:00:00Z' });
      await sale({ amount: '30', commission: '3', status: 'held', createdAt: '2027-03-12T09:00:00Z' });
      await sale({ amount: '40', commission: '4', currency: 'eur', createdAt: '2027-03-05T09:00:00Z', affiliateId: a2.id, campaignId: campaignB.id });
      await sale({ amount: '1000', commission: '100', currency: 'jpy', createdAt: '2027-03-06T09:00:00Z' });
      // Not counted: rejected, refunded, last month, another merchant, test mode.
      await sale({ amount: '7000', commission: '700', status: 'rejected', createdAt: '2027-03-07T09:00:00Z' });
      await sale({ amount: '7000', commission: '700', status: 'refunded', createdAt: '2027-03-07T09:00:00Z' });
      await sale({ amount: '7000', commission: '700', createdAt: '2027-02-28T23:59:59.999Z' });
      await sale({ amount: '7000', commission: '700', mode: 'test', affiliateId: testAffiliate.id, createdAt: '2027-03-07T09:00:00Z' });
      const other = await createMerchant(t, 'scale');
      const otherCampaign = await createCampaign(t, other.liveKey);
      const otherAffiliate = await createAffiliate(t, other.liveKey, otherCampaign.id);
      await insertConversion(t, { merchantId: other.id, campaignId: otherCampaign.id, affiliateId: otherAffiliate.id, amount: '7000', commission: '700' });

      // And one through the API now, with tax: 80 net + 20 tax, 10% commission on the net sale.
      const created = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaignA.id, affiliateId: a1.id, amount: 80, taxAmount: 20 });
      expect(created.status).toBe(201);

      const data = await stats();
      expect(data.byCurrency).toEqual([
        { currency: 'eur', revenue: 40, tax: 0, commissions: 4, conversions: 1 },
        { currency: 'jpy', revenue: 1000, tax: 0, commissions: 100, conversions: 1 },
        { currency: 'usd', revenue: 280, tax: 20, commissions: 28, conversions: 5 },
      ]);
      expect(data).toMatchObject({
        totalRevenue: 1320,
        totalTax: 20,
        totalCommissions: 132,
        totalConversions: 7,
        periodStart: '2027-03-01T00:00:00.000Z',
      });
      expect(before.totalConversions).toBe(0);
    });

    it('follows status changes and refunds: rejected and wholly refunded sales leave, a partial refund lowers the commission', async () => {
      const sell = async (amount: number) => {
        const res = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaignA.id, affiliateId: a1.id, amount });
        expect(res.status).toBe(201);
        return res.body.data.id as string;
      };
      const start = await stats();
      const rejected = await sell(200);
      const refunded = await sell(300);
      const partly = await sell(400);
      const approved = await sell(500);
      expect((await t.api('PATCH', `/conversions/${rejected}`, m.liveKey, { status: 'rejected' })).status).toBe(200);
      expect((await t.admin('POST', `/conversions/${refunded}/refund`, {})).status).toBe(200);
      expect((await t.admin('POST', `/conversions/${partly}/refund`, { amount: 100 })).status).toBe(200);
      expect((await t.api('PATCH', `/conversions/${approved}`, m.liveKey, { status: 'approved' })).status).toBe(200);
      const after = await stats();
      // Counted: 400 (partly refunded: commission 40 -> 30) and 500 (approved, commission 50).
      expect(after.totalConversions - start.totalConversions).toBe(2);
      expect(after.totalRevenue - start.totalRevenue).toBe(900);
      expect(after.totalCommissions - start.totalCommissions).toBe(80);
    });

    it('reads dates as whole UTC days and times as given; to is inclusive for a date', async () => {
      // 2027-03-10T09:00 (50), 2027-03-11T09:00 (20), 2027-03-12T09:00 (30), all usd.
      const days = await stats('?from=2027-03-10&to=2027-03-11');
      expect(days).toMatchObject({
        totalConversions: 2,
        totalRevenue: 70,
        periodStart: '2027-03-10T00:00:00.000Z',
        periodEnd: '2027-03-12T00:00:00.000Z',
      });
      // Partial days at both ends: 2027-03-10T10:00 to 2027-03-12T09:00 leaves out both edge sales.
      const times = await stats('?from=2027-03-10T10:00:00Z&to=2027-03-12T09:00:00Z');
      expect(times).toMatchObject({ totalConversions: 1, totalRevenue: 20 });
      // Within one day.
      expect(await stats('?from=2027-03-11T08:59:59Z&to=2027-03-11T09:00:00.001Z')).toMatchObject({ totalConversions: 1, totalRevenue: 20 });
      // Last month only.
      expect(await stats('?from=2027-02-01&to=2027-02-28')).toMatchObject({ totalConversions: 1, totalRevenue: 7000 });
      // From a date to now (default to).
      expect(await stats('?from=2027-03-12')).toMatchObject({ periodStart: '2027-03-12T00:00:00.000Z' });
    });

    it('counts clicks in the period and distinct approved affiliates', async () => {
      const start = await stats();
      await visit(a1.trackingLink, '198.51.100.1');
      await visit(a1.trackingLink, '198.51.100.1');
      await visit(a2.trackingLink, '198.51.100.2');
      const data = await stats();
      expect(data.totalClicks - start.totalClicks).toBe(3);
      // a1 (on two campaigns) and a2; the pending applicant and the test affiliate are not counted.
      expect(data.totalAffiliates).toBe(2);
      expect((await stats('?from=2027-02-01&to=2027-02-28')).totalClicks).toBe(0);
    });

    it('keeps modes apart: a test key counts test sales, clicks and affiliates only', async () => {
      await visit(testAffiliate.trackingLink, '198.51.100.3');
      const data = await stats('', m.testKey);
      expect(data).toMatchObject({
        totalRevenue: 7000,
        totalCommissions: 700,
        totalConversions: 1,
        totalClicks: 1,
        totalAffiliates: 1,
        byCurrency: [{ currency: 'usd', revenue: 7000, tax: 0, commissions: 700, conversions: 1 }],
      });
    });

    it('serves any valid key, Pro read keys included', async () => {
      const pro = await createMerchant(t, 'professional');
      expect((await t.api('GET', '/stats', pro.liveReadKey)).status).toBe(200);
      expect((await t.api('GET', '/stats', m.liveReadKey)).body.data.totalConversions).toBe((await stats()).totalConversions);
      expect((await t.api('GET', '/stats', undefined)).status).toBe(401);
    });

    it('answers 400 validation_error for a malformed date or from after to', async () => {
      for (const query of ['?from=yesterday', '?to=2027-13-45', '?from=2027-03-10&to=2027-03-09']) {
        const res = await t.api('GET', `/stats${query}`, m.liveKey);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.details[0].field).toMatch(/^(from|to)$/);
      }
    });
  });

  describe('GET /stats/overview', () => {
    let o: TestMerchant;
    let c: { id: string };
    const affiliates: Record<string, string> = {};

    beforeAll(async () => {
      o = await createMerchant(t, 'scale');
      c = await createCampaign(t, o.liveKey, { commissionType: 'percentage', commissionValue: 10 });
      for (const name of ['yen', 'euro', 'dollar', 'mixed', 'small', 'smallest', 'lastMonth']) {
        affiliates[name] = (await createAffiliate(t, o.liveKey, c.id, { name })).id;
      }
      const put = (who: string, amount: string, commission: string, currency: string, createdAt: string, status = 'approved') =>
        insertConversion(t, { merchantId: o.id, campaignId: c.id, affiliateId: affiliates[who]!, amount, commission, currency, createdAt, status });
      // Seeded rates (2026-11-20 snapshot): EUR 1.1582, JPY 0.006394 USD. As recorded, yen would rank
      // first (1000) and euro second (10); converted: euro 11.58, mixed 10.79, dollar 8, yen 6.39.
      await put('yen', '10000', '1000', 'jpy', '2027-03-02T10:00:00Z');
      await put('euro', '100', '10', 'eur', '2027-03-03T10:00:00Z');
      await put('dollar', '80', '8', 'usd', '2027-03-04T10:00:00Z');
      await put('mixed', '50', '5', 'usd', '2027-03-05T10:00:00Z');
      await put('mixed', '50', '5', 'eur', '2027-03-05T11:00:00Z', 'pending');
      await put('small', '10', '1', 'usd', '2027-03-06T10:00:00Z');
      await put('smallest', '5', '0.5', 'usd', '2027-03-07T10:00:00Z');
      await put('dollar', '9999', '999', 'usd', '2027-03-08T10:00:00Z', 'rejected');
      await put('lastMonth', '9999', '999', 'usd', '2027-02-27T10:00:00Z');
      for (let i = 0; i < 12; i += 1) {
        await insertConversion(t, {
          merchantId: o.id,
          campaignId: c.id,
          affiliateId: affiliates.small!,
          amount: '0',
          commission: '0',
          status: i % 2 === 0 ? 'pending' : 'rejected',
          orderId: `recent-${i}`,
          customerName: `Customer ${i}`,
          createdAt: `2027-03-14T10:00:${String(i).padStart(2, '0')}Z`,
        });
      }
    });

    it('answers the current month: totals, leading currency, per-currency figures', async () => {
      const res = await t.api('GET', '/stats/overview', o.liveKey);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.period.from).toBe('2027-03-01T00:00:00.000Z');
      expect(Date.parse(data.period.to)).toBeGreaterThanOrEqual(Date.parse(NOW));
      expect(data.byCurrency).toEqual([
        { currency: 'eur', revenue: 150, tax: 0, commissions: 15, conversions: 2 },
        { currency: 'jpy', revenue: 10000, tax: 0, commissions: 1000, conversions: 1 },
        { currency: 'usd', revenue: 145, tax: 0, commissions: 14.5, conversions: 10 },
      ]);
      // Added as recorded; the leading currency compares at the day's rate (EUR 173.73 > USD 145 > JPY 63.94).
      expect(data).toMatchObject({ currency: 'eur', revenue: 10295, commissions: 1029.5, conversionsCount: 13 });
    });

    it('ranks the top 5 affiliates by commission compared at the day’s exchange rate', async () => {
      const { topAffiliates } = (await t.api('GET', '/stats/overview', o.liveKey)).body.data;
      expect(topAffiliates.map((a: { name: string }) => a.name)).toEqual(['euro', 'mixed', 'dollar', 'yen', 'small']);
      expect(topAffiliates[1]).toEqual({
        affiliateId: affiliates.mixed,
        name: 'mixed',
        commission: 10,
        commissionByCurrency: [
          { currency: 'eur', amount: 5 },
          { currency: 'usd', amount: 5 },
        ],
        conversions: 2,
      });
      expect(topAffiliates[3]).toMatchObject({ name: 'yen', commission: 1000, commissionByCurrency: [{ currency: 'jpy', amount: 1000 }], conversions: 1 });
      // small: one 1.00 sale plus six zero-commission pending ones (the rejected ones do not count).
      expect(topAffiliates[4]).toMatchObject({ name: 'small', commission: 1, conversions: 7 });
    });

    it('re-ranks when the operator loads newer rates for the day', async () => {
      expect((await t.admin('POST', '/exchange-rates', { date: '2027-03-15', rates: { JPY: 0.05 } })).status).toBe(200);
      const { topAffiliates } = (await t.api('GET', '/stats/overview', o.liveKey)).body.data;
      // 1000 JPY is now worth 50 USD.
      expect(topAffiliates.map((a: { name: string }) => a.name)).toEqual(['yen', 'euro', 'mixed', 'dollar', 'small']);
    });

    it('lists the 10 newest conversions of any status with the spec fields', async () => {
      const { recentConversions } = (await t.api('GET', '/stats/overview', o.liveKey)).body.data;
      expect(recentConversions).toHaveLength(10);
      expect(recentConversions.map((r: { orderId: string }) => r.orderId)).toEqual(
        [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `recent-${i}`),
      );
      expect(recentConversions[0]).toEqual({
        id: expect.any(String),
        orderId: 'recent-11',
        customerName: 'Customer 11',
        amount: 0,
        commission: 0,
        currency: 'usd',
        status: 'rejected',
        createdAt: '2027-03-14T10:00:11.000Z',
      });
      // The ids resolve through GET /conversions/:id.
      expect((await t.api('GET', `/conversions/${recentConversions[0].id}`, o.liveKey)).status).toBe(200);
    });

    it('keeps modes apart and is empty for a merchant without sales', async () => {
      const test = (await t.api('GET', '/stats/overview', o.testKey)).body.data;
      expect(test).toMatchObject({ currency: 'usd', revenue: 0, commissions: 0, conversionsCount: 0, byCurrency: [], topAffiliates: [], recentConversions: [] });
      const mine = (await t.api('GET', '/stats/overview', m.testKey)).body.data;
      expect(mine.topAffiliates).toEqual([
        { affiliateId: testAffiliate.id, name: expect.any(String), commission: 700, commissionByCurrency: [{ currency: 'usd', amount: 700 }], conversions: 1 },
      ]);
    });
  });
});
