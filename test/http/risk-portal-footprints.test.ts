import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser } from '../support/portal-browser.js';
import { latestSignInLink } from '../support/portal-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Portal sign-ins keep the browser's salted fingerprint, so a sale clicked from the affiliate's own browser is flagged. */
describe('customer_matches_affiliate against the affiliate portal sessions', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true, commissionValue: 10 });
  });
  afterAll(() => t.close());

  const signIn = async (email: string, peer: string) => {
    const browser = new PortalBrowser(t, undefined, peer);
    const base = `/portal/m/${m.id}`;
    await browser.get(`${base}/sign-in`);
    expect((await browser.post(`${base}/sign-in`, { email })).status).toBe(200);
    const link = await latestSignInLink(t, email);
    await browser.get(link);
    expect((await browser.post(link)).status).toBe(303);
  };
  const clickFrom = async (trackingLink: string, peer: string, userAgent?: string) => {
    const res = await t.request('GET', new URL(trackingLink).pathname, { peer, headers: userAgent ? { 'user-agent': userAgent } : {} });
    return new URL(res.headers.get('location') ?? '').searchParams.get('click_id') as string;
  };
  const affiliateAt = async (email: string) => {
    const res = await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email, campaignId: campaign.id, mode: 'live' });
    const id = res.body.data.affiliateId as string;
    const listed = await t.api('GET', `/affiliates?campaignId=${campaign.id}&limit=100`, m.liveKey);
    return { id, link: listed.body.data.find((a: { id: string }) => a.id === id).trackingLink as string };
  };
  const saleFlags = async (affiliateId: string, clickId: string) => {
    const res = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId, amount: 50, clickId, customerEmail: `buyer-${Date.now()}@gmail.com` });
    expect(res.status).toBe(201);
    return res.body.data.risk.flags as { code: string; evidence: string[]; message: string }[];
  };

  it('writes the fingerprint of an affiliate session (never of merchant users) at sign-in', async () => {
    const email = `own-${Date.now()}@example.com`;
    const a = await affiliateAt(email);
    await signIn(email, '198.51.100.7');
    const [row] = await t.sql(`select visitor_hash, address_hash from web_sessions where subject_kind = 'affiliate' and subject_id = $1`, [a.id]);
    expect(row.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.sql(`select 1 from web_sessions where subject_kind = 'merchant_user' and visitor_hash is not null`)).toEqual([]);
  });

  it('flags a sale whose click came from the browser, or only the address, the affiliate signs in with; not another visitor', async () => {
    const email = `self-${Date.now()}@example.com`;
    const a = await affiliateAt(email);
    await signIn(email, '198.51.100.8');

    const same = await saleFlags(a.id, await clickFrom(a.link, '198.51.100.8'));
    const match = same.find((f) => f.code === 'customer_matches_affiliate');
    expect(match?.message).toMatch(/browser the affiliate signs in with/);
    expect(match?.evidence.some((e) => e.startsWith('session:'))).toBe(true);

    const sameAddress = await saleFlags(a.id, await clickFrom(a.link, '198.51.100.8', 'OtherBrowser/1'));
    expect(sameAddress.find((f) => f.code === 'customer_matches_affiliate')?.message).toMatch(/network address the affiliate signs in from/);

    const stranger = await saleFlags(a.id, await clickFrom(a.link, '203.0.113.50', 'Stranger/1'));
    expect(stranger.map((f) => f.code)).not.toContain('customer_matches_affiliate');
  });
});
