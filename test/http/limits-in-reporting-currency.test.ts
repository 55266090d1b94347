import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Every limit compares in the merchant's reporting currency, each amount converted at its day's rate:
 * a merchant selling in yen reaches its dollar cap (and tiers) at the converted figure, not at the
 * yen figure added to dollars.
 */
describe('limits in the reporting currency (HTTP)', () => {
  let t: TestService;
  let today: string;
  let yesterday: string;

  beforeAll(async () => {
    t = await startTestService();
    const now = Date.parse((await t.admin('GET', '/clock')).body.data.now);
    today = dayOf(now);
    yesterday = dayOf(now - DAY_MS);
    // 160 yen to the dollar, 125 krónur to the dollar yesterday (none today: Iceland's rate falls back).
    expect((await t.admin('POST', '/exchange-rates', { date: today, rates: { jpy: 0.00625, eur: 1.25 } })).status).toBe(200);
    expect((await t.admin('POST', '/exchange-rates', { date: yesterday, rates: { isk: 0.008 } })).status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  const program = async (merchantFields: Record<string, unknown>, campaignFields: Record<string, unknown> = {}) => {
    const merchant = await createMerchant(t, 'scale', merchantFields);
    const campaign = await createCampaign(t, merchant, campaignFields);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sell = (amount: number, currency: string) => postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount, currency });
    return { merchant, sell };
  };

  it('a dollar cap takes yen sales at their dollar value, not 160 times early', async () => {
    const { merchant, sell } = await program({ monthlyEarningsCap: 1000 });
    const read = await t.admin('GET', `/merchants/${merchant.id}`);
    expect(read.body.data).toMatchObject({ monthlyEarningsCap: 1000, reportingCurrency: 'usd' });
    // 100,000 yen is 625 dollars: under the cap (added as recorded it was 100 times over).
    expect((await sell(100_000, 'jpy')).status).toBe(201);
    expect((await sell(50_000, 'jpy')).status).toBe(201);
    expect((await sell(50, 'usd')).status).toBe(201);
    // 987.50 dollars so far: 2,000 yen (12.50) fits exactly, 1 yen more does not.
    expect((await sell(2_000, 'jpy')).status).toBe(201);
    const over = await sell(1, 'jpy');
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('earnings_limit_reached');
    expect(over.body.error.message).toContain('1000.01 USD of 1000 USD');
  });

  it('a yen-reporting merchant compares its yen cap with dollar and euro sales converted', async () => {
    const { merchant, sell } = await program({ monthlyEarningsCap: 160_000, reportingCurrency: 'JPY' });
    expect((await t.admin('GET', `/merchants/${merchant.id}`)).body.data.reportingCurrency).toBe('jpy');
    expect((await sell(150_000, 'jpy')).status).toBe(201);
    // 50 euros = 62.50 dollars = 10,000 yen: exactly at the cap.
    expect((await sell(50, 'eur')).status).toBe(201);
    const over = await sell(0.01, 'usd');
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('earnings_limit_reached');
  });

  it('changing the reporting currency changes what the cap is counted in', async () => {
    const { merchant, sell } = await program({ monthlyEarningsCap: 500 });
    expect((await sell(400, 'eur')).status).toBe(201);
    // 400 euros are 500 dollars: the dollar cap is full.
    expect((await sell(1, 'eur')).status).toBe(403);
    expect((await t.admin('PATCH', `/merchants/${merchant.id}`, { reportingCurrency: 'eur' })).body.data.reportingCurrency).toBe('eur');
    expect((await sell(100, 'eur')).status).toBe(201);
    expect((await sell(0.01, 'eur')).status).toBe(403);
  });

  it('revenue tiers are reached at the converted figure, thresholds in the reporting currency', async () => {
    const { sell } = await program(
      {},
      { commissionValue: 10, commissionTiers: { basis: 'revenue', tiers: [{ threshold: 1000, commissionType: 'percentage', commissionValue: 20 }] } },
    );
    // 100,000 yen (625 dollars) before: still the base rate for the next sale.
    expect((await sell(100_000, 'jpy')).body.data.commission).toBe(10000);
    expect((await sell(60_000, 'jpy')).body.data.commission).toBe(6000);
    // 160,000 yen = 1,000 dollars: the tier is reached for the sales after it.
    expect((await sell(10_000, 'jpy')).body.data.commission).toBe(2000);
    expect((await sell(10, 'usd')).body.data.commission).toBe(2);
  });

  it('a day without its own rate uses the last known one, and the refusal says which day', async () => {
    const { sell } = await program({ monthlyEarningsCap: 1000 });
    // 100,000 krónur at yesterday's 0.008 are 800 dollars.
    expect((await sell(100_000, 'isk')).status).toBe(201);
    const over = await sell(30_000, 'isk');
    expect(over.status).toBe(403);
    expect(over.body.error.message).toContain(`ISK on ${today} at the rate of ${yesterday}`);
  });

  it('a currency with no rate at all cannot be counted: 503 exchange_rate_unavailable, nothing stored', async () => {
    const { merchant, sell } = await program({ monthlyEarningsCap: 1000 });
    const res = await sell(1000, 'xof');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('exchange_rate_unavailable');
    const rows = await t.sql(`select count(*)::int as n from conversions where merchant_id = $1`, [merchant.id]);
    expect(rows[0].n).toBe(0);
    // Without a cap nothing needs converting: the sale is taken.
    const uncapped = await program({});
    expect((await uncapped.sell(1000, 'xof')).status).toBe(201);
  });
});
