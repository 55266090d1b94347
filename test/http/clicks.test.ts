import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, slice3Counts, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('tracking links and clicks', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string };

  /** Follows a tracking link as a visitor would (no API key), from a given address and browser. */
  const visit = (link: string, address = '203.0.113.7', userAgent = 'Mozilla/5.0 (X11; Linux x86_64)') =>
    t.request('GET', new URL(link).pathname, { headers: { 'x-forwarded-for': address, 'user-agent': userAgent } });

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { targetUrl: 'https://shop.example.com/landing?utm_source=aff' });
  });
  afterAll(() => t.close());

  it('records a click and redirects to the target URL with the click id', async () => {
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const res = await visit(affiliate.trackingLink);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example.com/landing');
    expect(location.searchParams.get('utm_source')).toBe('aff');
    const clickId = location.searchParams.get('click_id');
    // Signed: the click's uuid (its row), then its claims and signature; fits a card processor's client_reference_id.
    expect(clickId).toMatch(/^[0-9a-f-]{36}_[A-Za-z0-9_-]{96}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [click] = await t.sql('select merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at from clicks where id = $1', [clickId!.slice(0, 36)]);
    expect(click).toMatchObject({ merchant_id: m.id, mode: 'live', campaign_id: campaign.id, affiliate_id: affiliate.id });
    // A salted SHA-256: neither the address nor the user agent is stored.
    expect(click.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(click.visitor_hash).not.toContain('203.0.113.7');
  });

  it('feeds uniqueClicks: distinct visitors count once however often they click', async () => {
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    await visit(affiliate.trackingLink, '198.51.100.1', 'Browser A');
    await visit(affiliate.trackingLink, '198.51.100.1', 'Browser A');
    await visit(affiliate.trackingLink, '198.51.100.1', 'Browser B');
    await visit(affiliate.trackingLink, '198.51.100.2', 'Browser A');
    const [count] = await t.sql('select count(*)::int as n from clicks where affiliate_id = $1', [affiliate.id]);
    expect(count.n).toBe(4);
    const res = await t.api('GET', `/affiliates/${affiliate.id}`, m.liveKey);
    expect(res.body.data.earnings.uniqueClicks).toBe(3);
  });

  it('keeps test clicks in test mode', async () => {
    const affiliate = await createAffiliate(t, m.testKey, campaign.id);
    const res = await visit(affiliate.trackingLink);
    expect(res.status).toBe(302);
    const [click] = await t.sql('select mode from clicks where affiliate_id = $1', [affiliate.id]);
    expect(click.mode).toBe('test');
    expect((await t.api('GET', `/affiliates/${affiliate.id}`, m.testKey)).body.data.earnings.uniqueClicks).toBe(1);
  });

  it('sends visitors on without recording a click for a pending or rejected affiliate, an unknown ref code or an inactive campaign', async () => {
    const pending = await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email: uniqueEmail(), campaignId: campaign.id });
    const pendingRef = (await t.sql('select ref_code from affiliates where id = $1', [pending.body.data.affiliateId]))[0].ref_code;
    const inactive = await createCampaign(t, m.liveKey, { status: 'inactive', targetUrl: 'https://shop.example.com/off' });
    const onInactive = await createAffiliate(t, m.liveKey, inactive.id);
    const elsewhere = await createAffiliate(t, m.liveKey, (await createCampaign(t, m.liveKey)).id);
    const before = await slice3Counts(t);
    for (const [path, target] of [
      [`/r/${campaign.trackingCode}/${pendingRef}`, 'https://shop.example.com/landing?utm_source=aff'],
      [`/r/${campaign.trackingCode}/zzzzzzzz`, 'https://shop.example.com/landing?utm_source=aff'],
      // An affiliate of another campaign is not on this one.
      [`/r/${campaign.trackingCode}/${new URL(elsewhere.trackingLink).pathname.split('/')[3]}`, 'https://shop.example.com/landing?utm_source=aff'],
      [new URL(onInactive.trackingLink).pathname, 'https://shop.example.com/off'],
    ] as const) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(target);
    }
    expect((await slice3Counts(t)).clicks).toBe(before.clicks);
  });

  it('answers 404 for an unknown campaign code, and records nothing', async () => {
    const before = await slice3Counts(t);
    for (const path of ['/r/unknown1/abcdefgh', '/r/NOT_VALID!/x']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await slice3Counts(t)).clicks).toBe(before.clicks);
  });

  it("sends a campaign without a target URL to the merchant's website, else to the campaign's portal page: never a dead link", async () => {
    const shop = await createMerchant(t, 'scale');
    const listed = await createCampaign(t, shop.liveKey, { targetUrl: null });
    const unlisted = await createCampaign(t, shop.liveKey, { targetUrl: null, isPublic: false });
    const [onListed, onUnlisted] = [await createAffiliate(t, shop.liveKey, listed.id), await createAffiliate(t, shop.liveKey, unlisted.id)];
    const followed = async (link: string) => {
      const res = await visit(link);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('click_id')).toMatch(/^[0-9a-f-]{36}_[A-Za-z0-9_-]{96}$/);
      return location;
    };
    const before = await slice3Counts(t);

    // No website: the campaign's page in the affiliate portal, which exists and shows the campaign.
    const portalPage = await followed(onListed.trackingLink);
    expect(`${portalPage.origin}${portalPage.pathname}`).toBe(`${t.config.publicBaseUrl}/portal/m/${shop.id}/c/${listed.trackingCode}`);
    const page = await t.request('GET', `${portalPage.pathname}${portalPage.search}`);
    expect(page.status).toBe(200);
    // A campaign the portal does not list goes to the portal's home, not to a "not found" page.
    const home = await followed(onUnlisted.trackingLink);
    expect(home.pathname).toBe(`/portal/m/${shop.id}/`);
    expect((await t.request('GET', `${home.pathname}${home.search}`)).status).toBe(200);

    // The operator sets the merchant's website (http or https only): every such campaign sends visitors there.
    for (const bad of ['ftp://shop.example.com', 'shop.example.com', 'https://', 'javascript:alert(1)']) {
      const refused = await t.admin('PATCH', `/merchants/${shop.id}`, { websiteUrl: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'websiteUrl', message: expect.stringContaining('http or https URL') }] });
    }
    const set = await t.admin('PATCH', `/merchants/${shop.id}`, { websiteUrl: ' https://shop.example.com/welcome?src=aff ' });
    expect(set.status).toBe(200);
    expect(set.body.data.websiteUrl).toBe('https://shop.example.com/welcome?src=aff');
    for (const link of [onListed.trackingLink, onUnlisted.trackingLink]) {
      const website = await followed(link);
      expect(`${website.origin}${website.pathname}`).toBe('https://shop.example.com/welcome');
      expect(website.searchParams.get('src')).toBe('aff');
    }
    // A campaign's own target still wins.
    const targeted = await createCampaign(t, shop.liveKey, { targetUrl: 'https://shop.example.com/spring' });
    expect((await followed((await createAffiliate(t, shop.liveKey, targeted.id)).trackingLink)).pathname).toBe('/spring');
    // Removing the website sends visitors to the portal again.
    expect((await t.admin('PATCH', `/merchants/${shop.id}`, { websiteUrl: null })).body.data.websiteUrl).toBeNull();
    expect((await followed(onListed.trackingLink)).pathname).toBe(`/portal/m/${shop.id}/c/${listed.trackingCode}`);
    expect((await slice3Counts(t)).clicks).toBe(before.clicks! + 6);
  });

  it('serves links under a custom domain the same way (the path carries everything)', async () => {
    const branded = await createMerchant(t, 'ultimate', { customDomain: 'go.brand.example' });
    const c = await createCampaign(t, branded.liveKey, { targetUrl: 'https://brand.example/buy' });
    const affiliate = await createAffiliate(t, branded.liveKey, c.id);
    expect(affiliate.trackingLink.startsWith('https://go.brand.example/r/')).toBe(true);
    const res = await visit(affiliate.trackingLink);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https:\/\/brand\.example\/buy\?click_id=/);
  });
});

describe('tracking links under a click flood', () => {
  it('sends a visitor following links faster than 60 a minute on to the target, without counting the extra clicks', async () => {
    const t = await startTestService();
    try {
      const m = await createMerchant(t, 'scale');
      const campaign = await createCampaign(t, m.liveKey);
      const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
      const path = new URL(affiliate.trackingLink).pathname;
      const locations: (string | null)[] = [];
      for (let i = 0; i < 62; i += 1) {
        const res = await t.request('GET', path, { headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'bot' } });
        expect(res.status).toBe(302);
        locations.push(res.headers.get('location'));
      }
      const clickIds = locations.map((l) => new URL(l!).searchParams.get('click_id'));
      expect(clickIds.slice(0, 60).every((id) => id !== null)).toBe(true);
      expect(clickIds.slice(60)).toEqual([null, null]);
      expect(locations.slice(60).every((l) => l!.startsWith('https://'))).toBe(true);
      const [row] = await t.sql('select count(*)::int as n from clicks where affiliate_id = $1', [affiliate.id]);
      expect(row.n).toBe(60);
      // Another visitor is unaffected.
      const other = await t.request('GET', path, { headers: { 'x-forwarded-for': '203.0.113.10' } });
      expect(new URL(other.headers.get('location')!).searchParams.get('click_id')).not.toBeNull();
    } finally {
      await t.close();
    }
  });

  it('counts 1,000 visitors behind one address (distinct browsers) as 1,000 clicks, every one redirected', async () => {
    const t = await startTestService();
    try {
      const m = await createMerchant(t, 'scale');
      const campaign = await createCampaign(t, m.liveKey);
      const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
      const path = new URL(affiliate.trackingLink).pathname;
      const ids = new Set<string>();
      for (let start = 0; start < 1_000; start += 50) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            t.request('GET', path, { headers: { 'x-forwarded-for': '198.51.100.77', 'user-agent': `Office browser ${start + i}` } }),
          ),
        );
        for (const res of answers) {
          expect(res.status).toBe(302);
          ids.add(new URL(res.headers.get('location')!).searchParams.get('click_id')!);
        }
      }
      expect(ids.size).toBe(1_000);
      const [row] = await t.sql('select count(*)::int as n from clicks where affiliate_id = $1', [affiliate.id]);
      expect(row.n).toBe(1_000);
    } finally {
      await t.close();
    }
  });

  it('ignores a spoofed X-Forwarded-For without trusted proxies: the click limit, the anonymous limit and the audit log see the peer', async () => {
    const t = await startTestService({ trustedProxies: [], anonymousRequestsPerMinute: 3 });
    try {
      const m = await createMerchant(t, 'scale');
      const campaign = await createCampaign(t, m.liveKey);
      const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
      const path = new URL(affiliate.trackingLink).pathname;
      // A new made-up address every time: still one visitor, so only 60 count.
      const clickIds: (string | null)[] = [];
      for (let i = 0; i < 62; i += 1) {
        const res = await t.request('GET', path, { headers: { 'x-forwarded-for': `192.0.2.${i}`, 'user-agent': 'bot' } });
        clickIds.push(new URL(res.headers.get('location')!).searchParams.get('click_id'));
      }
      expect(clickIds.filter((id) => id !== null)).toHaveLength(60);
      // The anonymous limit: three made-up addresses share the peer's budget of 3.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await t.request('GET', '/api/v1/me', { headers: { 'x-forwarded-for': `192.0.2.${100 + i}` } })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const rows = await t.sql(`select distinct address from audit_log where path = '/api/v1/me'`);
      expect(rows).toEqual([{ address: '127.0.0.1' }]);
    } finally {
      await t.close();
    }
  });
});
