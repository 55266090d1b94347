import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { statementsSentDuring } from '../support/sent-statements.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The visitor signals end to end: clicks through the tracking link, sales naming them, read in one look-up. */
describe('click and conversion velocity over HTTP', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  const clickFrom = async (link: string, address: string): Promise<string> => {
    const res = await t.request('GET', new URL(link).pathname, { headers: { 'x-forwarded-for': address, 'user-agent': `Velocity/${address}` } });
    return new URL(res.headers.get('location')!).searchParams.get('click_id')!;
  };
  const sale = (campaignId: string, affiliateId: string, clickId: string, n: number) =>
    t.request('POST', '/api/v1/conversions', { key: m.liveKey, body: { campaignId, affiliateId, amount: 20, clickId, customerEmail: `velocity${n}@shop.example` } });
  const codesOf = async (id: string): Promise<string[]> =>
    ((await t.request('GET', `/api/v1/conversions/${id}`, { key: m.liveKey })).body.data.risk.flags as { code: string }[]).map((f) => f.code).sort();

  it('flags the sale of a visitor past the click and sale thresholds, and not another visitor', async () => {
    const actions = { fast_conversion: 'off', click_velocity: 'flag', conversion_velocity: 'flag' };
    const patched = await t.request('PATCH', '/api/v1/risk/settings', { key: m.liveKey, body: { actions, clickVelocity: { max: 2, windowMinutes: 60 }, conversionVelocity: { max: 1, windowMinutes: 60 } } });
    expect(patched.status).toBe(200);
    const campaign = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const busy = [await clickFrom(affiliate.trackingLink, '203.0.113.7'), await clickFrom(affiliate.trackingLink, '203.0.113.7')];
    const quiet = await clickFrom(affiliate.trackingLink, '203.0.113.8');
    await t.service.container.resolve(TOKENS.ClickWriter).flush();

    // Two clicks, one sale: under both thresholds.
    const first = await sale(campaign.id, affiliate.id, busy[0]!, 1);
    expect(first.status).toBe(201);
    expect(await codesOf(first.body.data.id)).toEqual([]);
    // The visitor's second sale passes the sale threshold.
    const second = await sale(campaign.id, affiliate.id, busy[1]!, 2);
    expect(await codesOf(second.body.data.id)).toEqual(['conversion_velocity']);
    const flag = (await t.request('GET', `/api/v1/conversions/${second.body.data.id}`, { key: m.liveKey })).body.data.risk.flags[0];
    expect(flag.evidence).toEqual([first.body.data.id, second.body.data.id]);

    // A third click passes the click threshold; the visitor's next sale shows both.
    const third = await clickFrom(affiliate.trackingLink, '203.0.113.7');
    await t.service.container.resolve(TOKENS.ClickWriter).flush();
    const later = await sale(campaign.id, affiliate.id, third, 3);
    expect(await codesOf(later.body.data.id)).toEqual(['click_velocity', 'conversion_velocity']);

    // Another visitor's sale is its own.
    const other = await sale(campaign.id, affiliate.id, quiet, 4);
    expect(await codesOf(other.body.data.id)).toEqual([]);
  });

  it('reads a sale\'s click in the sale\'s own look-up once the merchant\'s rules are known here: no statement of its own', async () => {
    const campaign = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const clicks = [await clickFrom(affiliate.trackingLink, '203.0.113.9'), await clickFrom(affiliate.trackingLink, '203.0.113.9')];
    await t.service.container.resolve(TOKENS.ClickWriter).flush();
    expect((await sale(campaign.id, affiliate.id, clicks[0]!, 5)).status).toBe(201);
    let second: Awaited<ReturnType<typeof sale>> | undefined;
    const sent = await statementsSentDuring(async () => {
      second = await sale(campaign.id, affiliate.id, clicks[1]!, 6);
    });
    expect(sent.filter((text) => /^with k as/i.test(text))).toEqual([]);
    expect(sent.filter((text) => /from campaigns c/i.test(text) && /as sale_click/i.test(text))).toHaveLength(1);
    // And its facts are the ones the signals read: the visitor's second sale passes the sale threshold set above.
    expect(await codesOf(second!.body.data.id)).toEqual(['conversion_velocity']);
  });
});
