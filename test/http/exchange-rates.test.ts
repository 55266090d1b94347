import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, insertConversion, slice3Counts } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Sorting campaigns by revenue compares currencies at the day's exchange rate: the latest rate on or
 * before the service clock's day, from the table seeded from the shipped snapshot (2026-11-20) and
 * loaded by the operator. The per-currency figures shown are never converted.
 */
describe('revenue sort and exchange rates', () => {
  let t: TestService;
  let m: TestMerchant;
  const ids: Record<string, string> = {};

  const order = async () =>
    (await t.api('GET', '/campaigns?sort=revenue:desc', m.liveKey)).body.data.map((c: { name: string }) => c.name);

  beforeAll(async () => {
    t = await startTestService();
    await t.admin('POST', '/clock', { now: '2026-12-01T12:00:00Z' });
    m = await createMerchant(t, 'scale');
    // Recorded amounts: 100 EUR, 110 USD and 10000 JPY. Added as recorded, JPY would win by far.
    for (const [name, amount, currency] of [
      ['euros', '100', 'eur'],
      ['dollars', '110', 'usd'],
      ['yen', '10000', 'jpy'],
    ] as const) {
      const c = await createCampaign(t, m.liveKey, { name });
      ids[name] = c.id;
      const a = await createAffiliate(t, m.liveKey, c.id);
      await insertConversion(t, { merchantId: m.id, campaignId: c.id, affiliateId: a.id, amount, currency });
    }
    await createCampaign(t, m.liveKey, { name: 'nothing' });
  });
  afterAll(() => t.close());

  it('ranks by converted revenue with the seeded rates (EUR 1.1582, JPY 0.006394 USD), ascending too', async () => {
    expect(await order()).toEqual(['euros', 'dollars', 'yen', 'nothing']);
    const asc = await t.api('GET', '/campaigns?sort=revenue:asc', m.liveKey);
    expect(asc.body.data.map((c: { name: string }) => c.name)).toEqual(['nothing', 'yen', 'dollars', 'euros']);
    // The figures themselves stay per currency, as recorded.
    const euros = asc.body.data.find((c: { name: string }) => c.name === 'euros');
    expect(euros).toMatchObject({ revenue: 100, byCurrency: [{ currency: 'eur', revenue: 100, conversions: 1 }] });
  });

  it('uses newer rates loaded by the operator once the clock reaches their day', async () => {
    const loaded = await t.admin('POST', '/exchange-rates', { date: '2026-12-02', rates: { EUR: 1.05, jpy: 0.02 } });
    expect(loaded.status).toBe(200);
    expect(loaded.body.data).toEqual({ date: '2026-12-02', currencies: ['eur', 'jpy'] });
    // Still 2026-12-01: the 2026-12-02 rates do not apply yet.
    expect(await order()).toEqual(['euros', 'dollars', 'yen', 'nothing']);
    await t.admin('POST', '/clock', { now: '2026-12-02T00:00:01Z' });
    // Now EUR 100 = USD 105 and JPY 10000 = USD 200.
    expect(await order()).toEqual(['yen', 'dollars', 'euros', 'nothing']);
    const yen = (await t.api('GET', `/campaigns/${ids.yen}`, m.liveKey)).body.data;
    expect(yen).toMatchObject({ revenue: 10000, byCurrency: [{ currency: 'jpy', revenue: 10000, conversions: 1 }] });
  });

  it('replaces a day’s rate when loaded again', async () => {
    await t.admin('POST', '/exchange-rates', { date: '2026-12-02', rates: { jpy: 0.001 } });
    expect(await order()).toEqual(['dollars', 'euros', 'yen', 'nothing']);
  });

  it('refuses bad rate tables with 400 naming the field and stores nothing', async () => {
    const before = await slice3Counts(t);
    for (const [body, field] of [
      [{ date: '2026-13-01', rates: { eur: 1 } }, 'date'],
      [{ date: '2026-12-03', rates: { eur: 0 } }, 'rates.eur'],
      [{ date: '2026-12-03', rates: { eur: -1 } }, 'rates.eur'],
      [{ date: '2026-12-03', rates: { euro: 1 } }, 'rates.euro'],
      [{ date: '2026-12-03', rates: {} }, 'rates'],
      [{ date: '2026-12-03', rates: { eur: 'one' } }, 'rates.eur'],
    ] as const) {
      const res = await t.admin('POST', '/exchange-rates', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await slice3Counts(t)).rates).toBe(before.rates);
  });

  it('needs the operator token', async () => {
    const res = await t.request('POST', '/admin/v1/exchange-rates', { key: m.liveKey, body: { date: '2026-12-03', rates: { eur: 1 } } });
    expect(res.status).toBe(401);
  });
});
