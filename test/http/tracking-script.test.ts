import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, deliver, paidSession } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { clockOf, DAY } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The tracking script's public endpoints: no key, a live click id of the merchant and mode authorises them. */
describe('tracking script endpoints', () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;
  let campaign: { id: string; trackingCode: string };
  let affiliate: { id: string; trackingLink: string };
  let visitor = 0;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { commissionValue: 10, attributionWindowDays: 7 });
    affiliate = await createAffiliate(t, m.liveKey, campaign.id);
  });
  afterAll(() => t.close());

  /** Each call from its own visitor unless told, so the per-visitor limit does not interfere. */
  const from = (who?: string) => ({ 'x-forwarded-for': who ?? `203.0.113.${(visitor += 1) % 250}`, 'user-agent': `Browser/${visitor}` });
  const post = (path: string, body: unknown, who?: string) => t.request('POST', path, { body: { merchantId: m.id, ...(body as object) }, headers: from(who) });
  const check = (clickId: string, merchantId = m.id, mode = 'live', who?: string) =>
    t.request('GET', `/t/v1/clicks/${clickId}?merchantId=${merchantId}&mode=${mode}`, { headers: from(who) });

  it('serves /t.js as cacheable plain JavaScript with an ETag, and 304 for a matching If-None-Match', async () => {
    const res = await t.request('GET', '/t.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(String(res.body)).toContain('affiliateService');
    const again = await t.request('GET', '/t.js', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('a live click answers its window; dead, foreign and other-mode clicks are unknown', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const ok = await check(clickId);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ clickId, attributionWindowDays: 7 });
    expect(Date.parse(ok.body.data.expiresAt)).toBeGreaterThan(Date.now() + 6 * DAY);

    expect((await check(clickId, other.id)).status).toBe(404);
    expect((await check(clickId, m.id, 'test')).status).toBe(404);
    expect((await check('0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10')).body.error.code).toBe('not_found');
    expect((await check('not-a-click')).status).toBe(404);

    // The test mode's own click is refused in live mode.
    const testAffiliate = await createAffiliate(t, m.testKey, campaign.id);
    const testClick = await click(t, testAffiliate.trackingLink);
    expect((await check(testClick, m.id, 'live')).status).toBe(404);
    expect((await check(testClick, m.id, 'test')).status).toBe(200);
  });

  it('refuses a click past its attribution window', async () => {
    const fresh = await createCampaign(t, m.liveKey, { attributionWindowDays: 1 });
    const a = await createAffiliate(t, m.liveKey, fresh.id);
    const clickId = await click(t, a.trackingLink);
    await clockOf(t).advance(2 * DAY);
    const res = await post('/t/v1/sales', { clickId, orderId: 'late-1', amount: 10 });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('attribution window');
  });

  it('?ref= registers a real click through the click use case, only for the merchant and mode named', async () => {
    const ref = new URL(affiliate.trackingLink).pathname.split('/').pop()!;
    const res = await post('/t/v1/clicks', { trackingCode: campaign.trackingCode, refCode: ref });
    expect(res.status).toBe(201);
    await t.service.container.resolve((await import('../../bootstrap/tokens.js')).TOKENS.ClickWriter).flush();
    const [row] = await t.sql(`select affiliate_id, campaign_id, mode from clicks where id = $1`, [res.body.data.clickId.slice(0, 36)]);
    expect(row).toMatchObject({ affiliate_id: affiliate.id, campaign_id: campaign.id, mode: 'live' });
    const foreign = await t.request('POST', '/t/v1/clicks', { body: { merchantId: other.id, trackingCode: campaign.trackingCode, refCode: ref }, headers: from() });
    expect(foreign.status).toBe(404);
    expect((await post('/t/v1/clicks', { mode: 'test', trackingCode: campaign.trackingCode, refCode: ref })).status).toBe(404);
  });

  it('lead and sale attribute to the click; the sale is held (unconfirmed_script_sale) with source tracking_script', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const lead = await post('/t/v1/leads', { clickId, email: 'Ada@Example.com', customerId: 'cus_script_1' });
    expect(lead.status).toBe(201);
    expect(lead.body.data.linked).toBe(true);
    const repeat = await post('/t/v1/leads', { clickId, email: 'ada@example.com', customerId: 'cus_script_1' });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual({ id: lead.body.data.id, linked: false });

    const sale = await post('/t/v1/sales', { clickId, orderId: 'script-order-1', amount: 80, currency: 'EUR' });
    expect(sale.status).toBe(201);
    const c = (await t.api('GET', `/conversions/${sale.body.data.conversionId}`, m.liveKey)).body.data;
    expect(c).toMatchObject({ affiliateId: affiliate.id, campaignId: campaign.id, amount: 80, commission: 8, currency: 'eur', status: 'held', source: 'tracking_script', clickId, orderId: 'script-order-1' });
    const twice = await post('/t/v1/sales', { clickId, orderId: 'script-order-1', amount: 80 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('duplicate');
  });

  it('refuses unknown fields and bad values with the validation envelope, recording nothing', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const extra = await post('/t/v1/sales', { clickId, orderId: 'extra-1', amount: 5, commission: 100 });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'commission', message: expect.any(String) }] });
    const noEmail = await post('/t/v1/leads', { clickId });
    expect(noEmail.status).toBe(400);
    expect((await post('/t/v1/leads', { clickId, email: 'not-an-email' })).status).toBe(400);
    expect((await post('/t/v1/sales', { clickId, orderId: 'neg', amount: -1 })).status).toBe(400);
    expect((await t.sql(`select count(*)::int as n from conversions where order_id in ('extra-1', 'neg')`))[0].n).toBe(0);
  });

  it('limits each visitor, answering 429 with Retry-After, while other visitors go on', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await check(clickId, m.id, 'live', '198.51.100.7')).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await check(clickId, m.id, 'live', '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(clickId, m.id, 'live', '198.51.100.8')).status).toBe(200);
  });

  it('answers CORS preflights and carries Access-Control-Allow-Origin for any page', async () => {
    const preflight = await t.request('OPTIONS', '/t/v1/sales', {
      headers: { origin: 'https://shop.example.net', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const clickId = await click(t, affiliate.trackingLink);
    const res = await t.request('GET', `/t/v1/clicks/${clickId}?merchantId=${m.id}`, { headers: { origin: 'https://shop.example.net', ...from() } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("a provider's notification of the order replaces the script's sale: one conversion, the provider's figures, conversion.updated", async () => {
    const integration = await cardIntegration(t, m.liveKey);
    const clickId = await click(t, affiliate.trackingLink);
    const session = paidSession({ amountTotal: 12_000, tax: 2_000, clickId });
    const script = await post('/t/v1/sales', { clickId, orderId: session.id, amount: 999 });
    expect(script.status).toBe(201);
    const delivered = await deliver(t, integration.id, cardEvent('checkout.session.completed', session), integration.secret);
    expect(delivered.body.data.outcome).toBe('created');
    expect(delivered.body.data.conversionId).toBe(script.body.data.conversionId);
    const rows = await t.sql(`select id, amount::float8 as amount, tax_amount::float8 as tax_amount, commission::float8 as commission, source, status from conversions where order_id = $1`, [session.id]);
    expect(rows).toEqual([{ id: script.body.data.conversionId, amount: 100, tax_amount: 20, commission: 10, source: 'card', status: 'pending' }]);
    const outbox = await t.sql(`select type, payload->>'amount' as amount from outbox_events where payload->>'conversionId' = $1 order by occurred_at, id`, [script.body.data.conversionId]);
    // The script's sale: created, held by the default rule, flagged; then the provider's figures, and its own check
    // (the test's click is seconds old: fast_conversion flags it).
    expect(outbox).toEqual([
      { type: 'conversion.created', amount: '999.00' },
      { type: 'conversion.updated', amount: '999.00' },
      { type: 'conversion.flagged', amount: null },
      { type: 'conversion.updated', amount: '100.00' },
      { type: 'conversion.flagged', amount: null },
    ]);
    // The script reporting the order again is a duplicate.
    expect((await post('/t/v1/sales', { clickId, orderId: session.id, amount: 5 })).status).toBe(409);
  });
});
