import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, insertConversion } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

interface Result {
  id: string;
  title: string;
  url: string;
  type: 'campaign' | 'affiliate' | 'coupon' | 'conversion';
}

describe('GET /search', () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;
  let summer: { id: string };
  let winter: { id: string };
  let ada: { id: string; email: string };
  let grace: { id: string; email: string };
  let testAffiliate: { id: string; email: string };
  let coupon: string;
  let deletedCoupon: string;
  let testCoupon: string;
  let order: string;

  const search = async (query: string, key = m.liveKey): Promise<Result[]> => {
    const res = await t.api('GET', `/search?${query}`, key);
    expect(res.status).toBe(200);
    return res.body.data.results;
  };
  const ids = (results: Result[], type?: Result['type']) => results.filter((r) => !type || r.type === type).map((r) => r.id);

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    summer = await createCampaign(t, m.liveKey, { name: 'Summer Sale 2027' });
    winter = await createCampaign(t, m.liveKey, { name: 'Winter Promo' });
    ada = await createAffiliate(t, m.liveKey, summer.id, { name: 'Ada Lovelace', email: 'ada.lovelace@analytical.test' });
    grace = await createAffiliate(t, m.liveKey, winter.id, { name: 'Grace Hopper', email: 'grace@cobol.test' });
    testAffiliate = await createAffiliate(t, m.testKey, summer.id, { name: 'Ada Tester', email: 'ada.tester@analytical.test' });

    const newCoupon = async (key: string, affiliateId: string, code: string) => {
      const res = await t.api('POST', '/coupons', key, { campaignId: summer.id, affiliateId, code });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    coupon = await newCoupon(m.liveKey, ada.id, 'summer25');
    deletedCoupon = await newCoupon(m.liveKey, ada.id, 'SUMMERGONE');
    expect((await t.api('DELETE', `/coupons/${deletedCoupon}`, m.liveKey)).status).toBe(200);
    testCoupon = await newCoupon(m.testKey, testAffiliate.id, 'SUMMERTEST');

    const sale = await t.api('POST', '/conversions', m.liveKey, {
      campaignId: summer.id,
      affiliateId: ada.id,
      amount: 49.5,
      orderId: 'ORD-2027-0042',
      customerName: 'Charles Babbage',
      customerEmail: 'charles@engine.test',
    });
    expect(sale.status).toBe(201);
    order = sale.body.data.id;

    // The other merchant has look-alikes that must never show.
    const otherCampaign = await createCampaign(t, other.liveKey, { name: 'Summer Sale Elsewhere' });
    const otherAffiliate = await createAffiliate(t, other.liveKey, otherCampaign.id, { name: 'Ada Elsewhere' });
    await insertConversion(t, {
      merchantId: other.id,
      campaignId: otherCampaign.id,
      affiliateId: otherAffiliate.id,
      amount: '10',
      orderId: 'ORD-2027-0042',
      customerName: 'Charles Elsewhere',
    });
  });
  afterAll(() => t.close());

  it('finds campaigns, affiliates, coupons and conversions, case-insensitively, anywhere in the text', async () => {
    const results = await search('q=UMMER');
    expect(results).toEqual([
      { id: `campaign:${summer.id}`, title: 'Summer Sale 2027', url: `${t.config.publicBaseUrl}/api/v1/campaigns/${summer.id}`, type: 'campaign' },
      { id: `coupon:${coupon}`, title: 'SUMMER25 · card', url: `${t.config.publicBaseUrl}/api/v1/coupons/${coupon}`, type: 'coupon' },
    ]);
    expect(ids(await search('q=lovelace'), 'affiliate')).toEqual([`affiliate:${ada.id}`]);
    expect((await search('q=lovelace'))[0]!.title).toBe('Ada Lovelace <ada.lovelace@analytical.test>');
    expect(ids(await search('q=cobol.TEST'), 'affiliate')).toEqual([`affiliate:${grace.id}`]);
  });

  it('matches conversions by order id, customer name or customer email', async () => {
    for (const q of ['2027-0042', 'babbage', 'CHARLES@ENGINE']) {
      const results = await search(`q=${encodeURIComponent(q)}`);
      expect(results.filter((r) => r.type === 'conversion')).toEqual([
        {
          id: `conversion:${order}`,
          title: 'Order ORD-2027-0042 · Charles Babbage · 49.50 USD · pending',
          url: `${t.config.publicBaseUrl}/api/v1/conversions/${order}`,
          type: 'conversion',
        },
      ]);
    }
  });

  it('returns composite ids that resolve through the GET-by-id endpoints, with or without their prefix', async () => {
    const results = [...(await search('q=summer')), ...(await search('q=ada')), ...(await search('q=babbage'))];
    expect(new Set(results.map((r) => r.type))).toEqual(new Set(['campaign', 'affiliate', 'coupon', 'conversion']));
    for (const result of results) {
      const [type, id] = result.id.split(':') as [string, string];
      const path = new URL(result.url).pathname.replace('/api/v1', '');
      expect(path).toBe(`/${type}s/${id}`);
      const byId = await t.api('GET', path, m.liveKey);
      expect(byId.status).toBe(200);
      expect(byId.body.data.id).toBe(id);
      const byComposite = await t.api('GET', `/${type}s/${result.id}`, m.liveKey);
      expect(byComposite.status).toBe(200);
      expect(byComposite.body.data.id).toBe(id);
    }
  });

  it('stays within the merchant and the key’s mode; deleted coupons are gone', async () => {
    const live = await search('q=summer');
    expect(ids(live, 'coupon')).toEqual([`coupon:${coupon}`]);
    expect(live.some((r) => r.title.includes('Elsewhere'))).toBe(false);
    expect(ids(await search('q=ada'), 'affiliate')).toEqual([`affiliate:${ada.id}`]);
    expect(ids(await search('q=ORD-2027'), 'conversion')).toEqual([`conversion:${order}`]);

    // Test keys: the merchant's campaigns (live objects both modes read), test affiliates and coupons only.
    const test = await search('q=summer', m.testKey);
    expect(ids(test)).toEqual([`campaign:${summer.id}`, `coupon:${testCoupon}`]);
    expect(ids(await search('q=ada', m.testKey), 'affiliate')).toEqual([`affiliate:${testAffiliate.id}`]);
    expect(ids(await search('q=babbage', m.testKey))).toEqual([]);
    // Another merchant sees its own only.
    expect(ids(await search('q=summer', other.liveKey))).toHaveLength(1);
  });

  it('takes % and _ literally and works with 2 characters', async () => {
    expect(await search('q=%25%25')).toEqual([]);
    expect(await search('q=__')).toEqual([]);
    expect(ids(await search('q=r2'), 'coupon')).toEqual([`coupon:${coupon}`]);
    expect(ids(await search('q=ge'), 'conversion')).toEqual([`conversion:${order}`]);
  });

  it('finds an order-id-like text anywhere in any field, in any case, newest first, as any other text', async () => {
    const base = { merchantId: m.id, campaignId: summer.id, affiliateId: ada.id, amount: '1' };
    const at = (day: number) => new Date(Date.UTC(2026, 5, day)).toISOString();
    const exact = await insertConversion(t, { ...base, orderId: 'ORD-big-4242', createdAt: at(1) });
    const inside = await insertConversion(t, { ...base, orderId: 'xord-BIG-42420', createdAt: at(2) });
    const inName = await insertConversion(t, { ...base, customerName: 'Ord-Big-4242 Jr', createdAt: at(3) });
    // The same digits without the whole text, the whole text in the test mode: never found.
    await insertConversion(t, { ...base, orderId: 'ORD-4242', createdAt: at(4) });
    await insertConversion(t, { ...base, orderId: 'ORD-big-424', createdAt: at(5) });
    await insertConversion(t, { ...base, affiliateId: testAffiliate.id, mode: 'test', orderId: 'ORD-big-4242', createdAt: at(6) });

    expect(ids(await search('q=ORD-big-4242&limit=20'), 'conversion')).toEqual([inName, inside, exact].map((id) => `conversion:${id}`));
    expect(ids(await search('q=ord-big-4242&limit=2'), 'conversion')).toEqual([inName, inside].map((id) => `conversion:${id}`));
    expect(ids(await search('q=BIG-42420'), 'conversion')).toEqual([`conversion:${inside}`]);
  });

  it('returns at most `limit` per category (default 5), newest first', async () => {
    const campaigns: string[] = [];
    for (let i = 0; i < 7; i += 1) campaigns.push((await createCampaign(t, m.liveKey, { name: `Bulk campaign ${i}` })).id);
    const affiliates: string[] = [];
    for (let i = 0; i < 3; i += 1) affiliates.push((await createAffiliate(t, m.liveKey, campaigns[0]!, { name: `Bulk affiliate ${i}` })).id);
    const byDefault = await search('q=bulk');
    expect(ids(byDefault, 'campaign')).toEqual(campaigns.slice(2).reverse().map((id) => `campaign:${id}`));
    expect(ids(byDefault, 'affiliate')).toEqual(affiliates.reverse().map((id) => `affiliate:${id}`));
    expect(ids(await search('q=bulk&limit=2'), 'campaign')).toHaveLength(2);
    expect(ids(await search('q=bulk&limit=20'), 'campaign')).toHaveLength(7);
  });

  it('lists an affiliate on several campaigns once', async () => {
    const joined = await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email: grace.email, campaignId: summer.id });
    expect(joined.status).toBe(201);
    expect(ids(await search('q=hopper'), 'affiliate')).toEqual([`affiliate:${grace.id}`]);
  });

  it('answers 400 validation_error for a missing or short q, control characters and a limit out of range', async () => {
    for (const query of ['', 'q=a', 'q=%20a%20', 'q=ab%01', 'q=summer&limit=21', 'q=summer&limit=0', 'q=summer&limit=x']) {
      const res = await t.api('GET', `/search?${query}`, m.liveKey);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details[0].field).toMatch(/^(q|limit)$/);
    }
  });

  it('serves Pro read keys and refuses requests without a key', async () => {
    const pro = await createMerchant(t, 'professional');
    expect((await t.api('GET', '/search?q=summer', pro.liveReadKey)).status).toBe(200);
    expect((await t.api('GET', '/search?q=summer', undefined)).status).toBe(401);
  });
});
