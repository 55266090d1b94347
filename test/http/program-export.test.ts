import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../../adapters/porting/zip-entries.js';
import { createAffiliate, createCampaign, insertConversion } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

const download = async (t: TestService, key: string) => {
  const res = await t.service.app.request('/api/v1/exports', { headers: { authorization: `Bearer ${key}` } }, peerEnv());
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

const files = (zip: Buffer) =>
  new Map([...zipEntries(zip)].map(([name, content]) => [name, parse(content, { columns: true }) as Record<string, string>[]]));

/** The program export: every resource as the documented CSV files in one zip, one tenant only. */
describe('GET /exports', () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;
  let campaign: { id: string };
  let affiliate: { id: string; email: string };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { name: '=HYPERLINK("x")', commissionValue: 15, enableRecurringCommissions: true });
    affiliate = await createAffiliate(t, m.liveKey, campaign.id, { name: 'Robin Referrer' });
    await insertConversion(t, { merchantId: m.id, campaignId: campaign.id, affiliateId: affiliate.id, amount: '100.00', commission: '15.00', status: 'approved', customerName: '@sum(A1)' });
    await t.api('POST', '/coupons', m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, code: 'ROBIN10', provider: 'card', percentOff: 10 });
    await t.api('POST', '/customers', m.liveKey, { affiliateId: affiliate.id, campaignId: campaign.id, email: 'grace@example.com', providerCustomerId: 'cus_1' });
    await t.sql(
      `insert into webhook_subscriptions (id, merchant_id, mode, url, events, secret, active, consecutive_failures, max_retries, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', 'https://hooks.example.com/in', '["conversion.created"]', 'abababababababababababababababababababababababababababababababab', true, 0, 5, now(), now())`,
      [m.id],
    );
    const otherCampaign = await createCampaign(t, other.liveKey);
    await createAffiliate(t, other.liveKey, otherCampaign.id, { name: 'Someone Else' });
  });
  afterAll(() => t.close());

  it('answers a zip of every documented file with its header, the rows of this merchant and mode only', async () => {
    const res = await download(t, m.liveReadKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="program-live-\d{4}-\d{2}-\d{2}\.zip"$/);
    const got = files(res.body);
    expect([...got.keys()]).toEqual([
      'campaigns.csv', 'affiliates.csv', 'referral_links.csv', 'coupons.csv', 'customers.csv', 'commissions.csv', 'payouts.csv', 'webhooks.csv',
      'clicks.csv', 'teams.csv', 'team_members.csv', 'team_campaigns.csv', 'team_goals.csv', 'team_awards.csv',
    ]);
    expect(got.get('campaigns.csv')).toEqual([expect.objectContaining({ id: campaign.id, commission_type: 'percentage', commission_value: '15', recurring: 'true', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) })]);
    expect(got.get('affiliates.csv')).toEqual([expect.objectContaining({ id: affiliate.id, name: 'Robin Referrer', email: affiliate.email })]);
    expect(got.get('referral_links.csv')).toEqual([expect.objectContaining({ affiliate_id: affiliate.id, campaign_id: campaign.id, status: 'approved' })]);
    expect(got.get('coupons.csv')).toEqual([expect.objectContaining({ code: 'ROBIN10', provider: 'card', affiliate_id: affiliate.id })]);
    expect(got.get('customers.csv')).toEqual([expect.objectContaining({ email: 'grace@example.com', provider_customer_id: 'cus_1', affiliate_id: affiliate.id })]);
    expect(got.get('commissions.csv')).toEqual([expect.objectContaining({ amount: '100', commission: '15', currency: 'usd', status: 'approved' })]);
    expect(got.get('payouts.csv')).toEqual([]);
    const [webhook] = got.get('webhooks.csv') ?? [];
    expect(webhook).toMatchObject({ url: 'https://hooks.example.com/in', events: 'conversion.created', active: 'true' });
    expect(Object.keys(webhook ?? {})).not.toContain('secret');
  });

  it('carries clicks of the asked date range only, without visitor hashes; refuses a range the wrong way round', async () => {
    for (const at of ['2026-09-30T23:59:59Z', '2026-10-01T00:00:00Z', '2026-10-31T23:59:59Z', '2026-11-01T00:00:00Z']) {
      await t.sql(
        `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, address_hash, landing_url, created_at)
         values (gen_random_uuid(), $1, 'live', $2, $3, 'visitor-hash', 'address-hash', 'https://shop.example.com/', $4)`,
        [m.id, campaign.id, affiliate.id, at],
      );
    }
    const raw = await t.service.app.request('/api/v1/exports?clicksFrom=2026-10-01&clicksTo=2026-11-01', { headers: { authorization: `Bearer ${m.liveReadKey}` } }, peerEnv());
    expect(raw.status).toBe(200);
    const clicks = files(Buffer.from(await raw.arrayBuffer())).get('clicks.csv') ?? [];
    expect(clicks.map((c) => c.created_at).sort()).toEqual(['2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.000Z']);
    expect(Object.keys(clicks[0] ?? {})).not.toContain('visitor_hash');
    expect((await t.request('GET', '/api/v1/exports?clicksFrom=2026-11-01&clicksTo=2026-10-01', { key: m.liveReadKey })).status).toBe(400);
  });

  it('disarms cells a spreadsheet would run as formulas', async () => {
    const got = files((await download(t, m.liveKey)).body);
    expect(got.get('campaigns.csv')?.[0]?.name).toBe(`'=HYPERLINK("x")`);
    expect(got.get('commissions.csv')?.[0]?.customer_name).toBe("'@sum(A1)");
  });

  it('the test mode sees the campaigns but none of the live rows; no secret appears anywhere', async () => {
    const got = files((await download(t, m.testKey)).body);
    expect(got.get('campaigns.csv')).toHaveLength(1);
    for (const name of ['affiliates.csv', 'referral_links.csv', 'coupons.csv', 'customers.csv', 'commissions.csv', 'webhooks.csv']) expect(got.get(name), name).toEqual([]);
    const all = [...zipEntries((await download(t, m.liveKey)).body).values()].map((b) => b.toString()).join('');
    expect(all).toContain('https://hooks.example.com/in');
    expect(all).not.toContain('abababababababababababababababababababababababababababababababab');
  });

  it('reads past one page: every row of a large resource arrives once', async () => {
    await t.sql(
      `insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, commission, original_commission, currency, status, source, created_at, updated_at)
       select gen_random_uuid(), $1, 'live', $2, $3, 10, 1, 1, 'usd', 'pending', 'api', now(), now() from generate_series(1, 2500)`,
      [m.id, campaign.id, affiliate.id],
    );
    const rows = files((await download(t, m.liveKey)).body).get('commissions.csv') ?? [];
    expect(rows).toHaveLength(2501);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2501);
  });

  it('needs a key', async () => {
    expect((await download(t, 'nope')).status).toBe(401);
  });
});
