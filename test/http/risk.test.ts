import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, deliver, paidSession } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Risk rules, the `risk` field of conversions, and script-reported sales that cannot move money on their own. */
describe('risk review over HTTP', () => {
  let t: TestService;
  let m: TestMerchant;
  let visitor = 0;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  const from = () => ({ 'x-forwarded-for': `198.51.100.${(visitor += 1) % 250}`, 'user-agent': `Risk/${visitor}` });
  const scriptSale = (merchant: TestMerchant, body: Record<string, unknown>) =>
    t.request('POST', '/t/v1/sales', { body: { merchantId: merchant.id, ...body }, headers: from() });
  const settings = (key: string, body?: unknown) => (body === undefined ? t.request('GET', '/api/v1/risk/settings', { key }) : t.request('PATCH', '/api/v1/risk/settings', { key, body }));

  it('answers the defaults, changes what it is sent, and refuses an invalid change whole', async () => {
    const fresh = await createMerchant(t, 'scale');
    const defaults = await settings(fresh.liveKey);
    expect(defaults.status).toBe(200);
    expect(defaults.body.data).toMatchObject({ mode: 'live', fastConversionSeconds: 10, paidAds: 'allowed', scriptSales: 'on', scriptSaleMaxAmount: {}, updatedAt: null });
    expect(defaults.body.data.actions).toMatchObject({ self_referral: 'refuse', unconfirmed_script_sale: 'hold', fast_conversion: 'flag' });

    const changed = await settings(fresh.liveKey, { actions: { fast_conversion: 'hold' }, bannedReferrerDomains: ['https://www.Spam.example/x'], scriptSaleMaxAmount: { usd: 500 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ actions: { fast_conversion: 'hold' }, bannedReferrerDomains: ['spam.example'], scriptSaleMaxAmount: { usd: '500.00' } });

    const refused = await settings(fresh.liveKey, { actions: { fast_conversion: 'refuse' }, paidAds: 'forbidden' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].field).toBe('actions.fast_conversion');
    expect((await settings(fresh.liveKey)).body.data).toMatchObject({ paidAds: 'allowed', actions: { fast_conversion: 'hold' } });
    // The test mode has its own rules.
    expect((await settings(fresh.testKey)).body.data).toMatchObject({ mode: 'test', actions: { fast_conversion: 'flag' } });
  });

  it('shows the signals of a live sale with their evidence; test keys say they skip the checks', async () => {
    const campaign = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const clickId = await click(t, affiliate.trackingLink);
    await t.service.container.resolve((await import('../../bootstrap/tokens.js')).TOKENS.ClickWriter).flush();
    const created = await t.request('POST', '/api/v1/conversions', {
      key: m.liveKey,
      body: { campaignId: campaign.id, affiliateId: affiliate.id, amount: 40, clickId, customerEmail: 'buyer@mailinator.com' },
    });
    expect(created.status).toBe(201);
    const got = await t.request('GET', `/api/v1/conversions/${created.body.data.id}`, { key: m.liveKey });
    expect(got.body.data.risk.checked).toBe(true);
    expect(got.body.data.risk.flags.map((f: { code: string }) => f.code).sort()).toEqual(['disposable_email', 'fast_conversion']);
    const fast = got.body.data.risk.flags.find((f: { code: string }) => f.code === 'fast_conversion');
    expect(fast.evidence).toEqual([clickId.slice(0, 36)]);
    expect(fast.message).toMatch(/after its click/);
    const listed = await t.request('GET', `/api/v1/conversions?affiliateId=${affiliate.id}`, { key: m.liveKey });
    expect(listed.body.data[0].risk.flags).toHaveLength(2);
    const [event] = await t.sql(`select payload from outbox_events where type = 'conversion.flagged' and payload->>'conversionId' = $1`, [created.body.data.id]);
    expect(event.payload.flags).toHaveLength(2);

    const testCampaign = campaign;
    const testAffiliate = await createAffiliate(t, m.testKey, testCampaign.id);
    const testSale = await t.request('POST', '/api/v1/conversions', { key: m.testKey, body: { campaignId: testCampaign.id, affiliateId: testAffiliate.id, amount: 40, customerEmail: 'buyer@mailinator.com' } });
    expect(testSale.body.data.risk).toEqual({ checked: false, note: 'Test keys skip risk checks', flags: [] });
  });

  it('a flood of script sales from one click cannot exhaust the cap, lift a tier or be paid', async () => {
    const capped = await createMerchant(t, 'scale', { monthlyEarningsCap: 1000 });
    const tiers = { basis: 'revenue', tiers: [{ threshold: 500, commissionType: 'percentage', commissionValue: 50 }] };
    const campaign = await createCampaign(t, capped.liveKey, { commissionValue: 10, commissionTiers: tiers });
    const affiliate = await createAffiliate(t, capped.liveKey, campaign.id);
    const clickId = await click(t, affiliate.trackingLink);
    // One click reports one sale; the flood from it is refused after the first.
    const first = await scriptSale(capped, { clickId, orderId: 'flood-0', amount: 999 });
    expect(first.status).toBe(201);
    for (let i = 1; i <= 5; i += 1) expect((await scriptSale(capped, { clickId, orderId: `flood-${i}`, amount: 999 })).status).toBe(409);
    // More clicks of the same affiliate, each with its one fake sale.
    for (let i = 0; i < 4; i += 1) {
      const again = await click(t, affiliate.trackingLink);
      expect((await scriptSale(capped, { clickId: again, orderId: `more-${i}`, amount: 999 })).status).toBe(201);
    }
    const held = await t.sql(`select status from conversions where merchant_id = $1 and source = 'tracking_script'`, [capped.id]);
    expect(held.map((r: { status: string }) => r.status)).toEqual(['held', 'held', 'held', 'held', 'held']);

    // A real provider sale still fits under the cap and earns the base rate, not the tier.
    const integration = await cardIntegration(t, capped.liveKey);
    const realClick = await click(t, affiliate.trackingLink);
    const delivered = await deliver(t, integration.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 20_000, tax: 0, clickId: realClick })), integration.secret);
    expect(delivered.body.data.outcome).toBe('created');
    const [real] = await t.sql(`select commission::float8 as commission, status from conversions where id = $1`, [delivered.body.data.conversionId]);
    expect(real).toEqual({ commission: 20, status: 'pending' });
    // And nothing of the flood is ever queued for payment.
    const [queued] = await t.sql(`select count(*)::int as n from payouts p join conversions c on c.id = p.conversion_id where c.merchant_id = $1 and c.source = 'tracking_script'`, [capped.id]);
    expect(queued.n).toBe(0);
  });

  it('refuses script sales while they are off, and above the ceiling of their currency', async () => {
    const merchant = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, merchant.liveKey, { commissionValue: 10 });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await settings(merchant.liveKey, { scriptSaleMaxAmount: { usd: 100 } });
    expect((await scriptSale(merchant, { clickId: await click(t, affiliate.trackingLink), orderId: 'big', amount: 100.01 })).body.error).toMatchObject({ code: 'validation_error' });
    expect((await scriptSale(merchant, { clickId: await click(t, affiliate.trackingLink), orderId: 'eur', amount: 5, currency: 'eur' })).status).toBe(400);
    expect((await scriptSale(merchant, { clickId: await click(t, affiliate.trackingLink), orderId: 'ok', amount: 100 })).status).toBe(201);
    await settings(merchant.liveKey, { scriptSales: 'off' });
    const off = await scriptSale(merchant, { clickId: await click(t, affiliate.trackingLink), orderId: 'off', amount: 5 });
    expect(off.status).toBe(403);
    expect(off.body.error.code).toBe('script_sales_disabled');
  });

  it('reads the click a sale names: a paid-ad landing and a banned referrer, through the tracking link and the card processor', async () => {
    const merchant = await createMerchant(t, 'scale');
    await settings(merchant.liveKey, { paidAds: 'forbidden', bannedReferrerDomains: ['coupons.example'], actions: { banned_referrer: 'hold' } });
    const campaign = await createCampaign(t, merchant.liveKey, { commissionValue: 10 });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const landed = await t.request('GET', `${new URL(affiliate.trackingLink).pathname}?gclid=Cj0KCQ`, { headers: { referer: 'https://deals.coupons.example/post/1' } });
    const clickId = new URL(landed.headers.get('location')!).searchParams.get('click_id')!;
    const integration = await cardIntegration(t, merchant.liveKey);
    const delivered = await deliver(t, integration.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 5_000, tax: 0, clickId })), integration.secret);
    const got = await t.request('GET', `/api/v1/conversions/${delivered.body.data.conversionId}`, { key: merchant.liveKey });
    expect(got.body.data.status).toBe('held');
    const flags = got.body.data.risk.flags as { code: string; action: string; evidence: string[] }[];
    expect(flags.find((f) => f.code === 'paid_ads_click')).toMatchObject({ action: 'flag', evidence: [clickId.slice(0, 36)] });
    expect(flags.find((f) => f.code === 'banned_referrer')).toMatchObject({ action: 'hold', evidence: [clickId.slice(0, 36), 'coupons.example'] });
  });

  it('flags two affiliates paid to the same address when the second saves it, with affiliate.flagged and the risk of Get Affiliate', async () => {
    const merchant = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, merchant.liveKey, { commissionValue: 10 });
    const first = await createAffiliate(t, merchant.liveKey, campaign.id);
    const second = await createAffiliate(t, merchant.liveKey, campaign.id);
    expect((await t.admin('POST', `/affiliates/${first.id}/payout-details`, { method: 'wallet_a', email: 'Shared.Wallet@example.com' })).status).toBe(200);
    expect((await t.request('GET', `/api/v1/affiliates/${first.id}`, { key: merchant.liveKey })).body.data.risk).toEqual({ checked: true, note: null, flags: [] });
    expect((await t.admin('POST', `/affiliates/${second.id}/payout-details`, { method: 'wallet_a', email: 'shared.wallet@example.com' })).status).toBe(200);
    const got = await t.request('GET', `/api/v1/affiliates/${second.id}`, { key: merchant.liveKey });
    expect(got.body.data.risk.flags).toEqual([
      { code: 'shared_payout_details', message: 'Another affiliate of yours has the same payout email.', evidence: [second.id, first.id], action: 'flag' },
    ]);
    const events = await t.sql(`select payload from outbox_events where type = 'affiliate.flagged' and merchant_id = $1`, [merchant.id]);
    expect(events.map((e: { payload: { affiliateId: string } }) => e.payload.affiliateId)).toEqual([second.id]);
    // Another merchant cannot read them.
    const other = await createMerchant(t, 'scale');
    expect((await t.request('GET', `/api/v1/affiliates/${second.id}`, { key: other.liveKey })).status).toBe(404);
  });

  it("another merchant's settings are its own", async () => {
    const other = await createMerchant(t, 'scale');
    await settings(m.liveKey, { paidAds: 'forbidden' });
    expect((await settings(other.liveKey)).body.data.paidAds).toBe('allowed');
  });
});
