import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedStub, type FeedStub } from '../support/exchange-rate-feed-stub.js';
import { createMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const FEED_DAY = '2026-11-27';
const JOB = 'refresh-exchange-rates';

/** The daily rates job reads the configured feed (here a local copy of the ECB's) into the one rates table. */
describe('the daily exchange-rate feed (HTTP)', () => {
  let t: TestService;
  let feed: FeedStub;

  beforeAll(async () => {
    feed = await startFeedStub();
    t = await startTestService({ exchangeRatesUrl: feed.url });
  });

  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });

  const rate = async (currency: string, day = FEED_DAY) =>
    (await t.sql(`select usd_per_unit::text as rate, source from exchange_rates where currency = $1 and rate_date = $2`, [currency, day]))[0];
  const runJob = async () => (await t.admin('POST', '/jobs/run')).body.data[JOB] as number;

  it('retries a failed read an hour later, not every tick', async () => {
    feed.status = 503;
    expect(await runJob()).toBe(0);
    expect(await runJob()).toBe(0);
    expect(feed.requests).toHaveLength(1);
    const [fetch] = await t.sql(`select rate_date, error from exchange_rate_fetches`);
    expect(fetch).toMatchObject({ rate_date: null, error: expect.stringContaining('503') });
    expect(await rate('jpy')).toBeUndefined();
    feed.status = 200;
  });

  it("stores the published day's rates as US dollars per unit, keeping the operator's, once a day", async () => {
    // The operator's rate for the feed's day wins over the feed's.
    expect((await t.admin('POST', '/exchange-rates', { date: FEED_DAY, rates: { gbp: 2 } })).status).toBe(200);
    const now = Date.parse((await t.admin('GET', '/clock')).body.data.now);
    await t.admin('POST', '/clock', { now: new Date(now + 61 * 60_000).toISOString() });
    // 31 currencies derived (the dollar, the euro and 29 others); the operator's pound kept.
    expect(await runJob()).toBe(30);
    expect(feed.requests).toHaveLength(2);
    expect(await rate('jpy')).toEqual({ rate: '0.00625', source: 'feed' });
    expect(await rate('eur')).toEqual({ rate: '1.05', source: 'feed' });
    expect(await rate('usd')).toEqual({ rate: '1', source: 'feed' });
    expect(await rate('chf')).toEqual({ rate: '1.1170212766', source: 'feed' });
    expect(await rate('gbp')).toEqual({ rate: '2', source: 'operator' });
    // The latest service day's record (moving the clock may have crossed midnight).
    const [fetch] = await t.sql(`select rate_date::text as rate_date, error from exchange_rate_fetches order by day desc limit 1`);
    expect(fetch).toEqual({ rate_date: FEED_DAY, error: null });
    // Done for the day: the next ticks read nothing.
    expect(await runJob()).toBe(0);
    expect(feed.requests).toHaveLength(2);
    // The operator may still correct the feed's rate afterwards.
    await t.admin('POST', '/exchange-rates', { date: FEED_DAY, rates: { chf: 1.2 } });
    expect(await rate('chf')).toEqual({ rate: '1.2', source: 'operator' });
  });

  it("a day after the feed's uses the feed's day, and the cap's refusal says so", async () => {
    const today = (await t.admin('GET', '/clock')).body.data.now.slice(0, 10);
    const merchant = await createMerchant(t, 'scale', { monthlyEarningsCap: 100 });
    const campaign = await createCampaign(t, merchant);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sell = (amount: number) => postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount, currency: 'jpy' });
    // 16,000 yen at 0.00625 are 100 dollars: the cap exactly.
    expect((await sell(16_000)).status).toBe(201);
    const over = await sell(1);
    expect(over.status).toBe(403);
    expect(over.body.error.message).toContain(`JPY on ${today} at the rate of ${FEED_DAY}`);
    // The operator sees the same: today's rate of each currency and the day it comes from.
    const inEffect = await t.admin('GET', '/exchange-rates');
    expect(inEffect.body.data.date).toBe(today);
    expect(inEffect.body.data.rates).toContainEqual({ currency: 'jpy', usdPerUnit: '0.00625', rateDate: FEED_DAY });
    const before = await t.admin('GET', '/exchange-rates?date=2026-11-21');
    expect(before.body.data.rates).toContainEqual({ currency: 'jpy', usdPerUnit: '0.006394', rateDate: '2026-11-20' });
  });

  it("GET /stats/overview ranks its top affiliates with the same table, the operator's rate winning", async () => {
    const merchant = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, merchant, { commissionValue: 10 });
    const yen = await createAffiliate(t, merchant.liveKey, campaign.id);
    const dollars = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sell = (affiliateId: string, amount: number, currency: string) => postConversion(t, merchant.liveKey, { campaignId: campaign.id, affiliateId, amount, currency });
    expect((await sell(yen.id, 100_000, 'jpy')).status).toBe(201);
    expect((await sell(dollars.id, 700, 'usd')).status).toBe(201);
    const top = async () => ((await t.api('GET', '/stats/overview', merchant.liveKey)).body.data.topAffiliates as { affiliateId: string }[]).map((a) => a.affiliateId);
    // 10,000 yen of commission at the feed's 0.00625 are 62.50 dollars: less than 70.
    expect(await top()).toEqual([dollars.id, yen.id]);
    // The operator's rate for the same day replaces the feed's: 100 dollars, more than 70.
    await t.admin('POST', '/exchange-rates', { date: FEED_DAY, rates: { jpy: 0.01 } });
    expect(await top()).toEqual([yen.id, dollars.id]);
  });
});
