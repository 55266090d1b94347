import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_LIMITS, type PublicLimits } from '../../application/rate-limiting/public-limits.js';
import { createAffiliate, createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser } from '../support/portal-browser.js';
import { startTestService, type TestService } from '../support/test-service.js';

const LIMITS: PublicLimits = { ...DEFAULT_PUBLIC_LIMITS, clicksPerAddress: 5, scriptCallsPerAddress: 8, scriptSalesPerAddress: 3, portalRequestsPerAddress: 4, oauthRequestsPerAddress: 4 };

/**
 * Every public endpoint limits each client address, every visitor behind it together: a fresh
 * browser name and a made-up `X-Forwarded-For` on every request buy one address nothing (no proxy is
 * trusted here, so the header is ignored), while another address goes on. Each test has its own pair
 * of loopback addresses.
 */
describe('public endpoints per client address', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string };
  let affiliate: { id: string; trackingLink: string };
  let spoof = 0;

  beforeAll(async () => {
    t = await startTestService({ trustedProxies: [], publicLimits: LIMITS });
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { commissionValue: 10, isPublic: true });
    affiliate = await createAffiliate(t, m.liveKey, campaign.id);
  });
  afterAll(() => t.close());

  /** A new browser claiming a new forwarded address, from the socket address `peer`. */
  const disguised = () => ({ 'user-agent': `Browser/${(spoof += 1)}`, 'x-forwarded-for': `203.0.113.${spoof % 250}` });
  const follow = async (peer: string) => {
    const res = await t.request('GET', new URL(affiliate.trackingLink).pathname, { peer, headers: disguised() });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!).searchParams.get('click_id');
  };
  let clickPeer = 0;
  /** A recorded click id, each from its own address (so the click limits stay out of the way). */
  const freshClick = async () => (await follow(`127.0.100.${(clickPeer += 1)}`))!;
  const statuses = async (times: number, send: () => Promise<{ status: number }>) => {
    const list: number[] = [];
    for (let i = 0; i < times; i += 1) list.push((await send()).status);
    return list;
  };

  it('tracking links always redirect, but stop recording clicks from one address past its limit', async () => {
    const ids = [];
    for (let i = 0; i < 8; i += 1) ids.push(await follow('127.0.5.1'));
    expect(ids.filter(Boolean)).toHaveLength(5);
    expect(ids.slice(5)).toEqual([null, null, null]);
    expect(await follow('127.0.5.2')).not.toBeNull();
    // A click id is the row's uuid and its signature.
    const recorded = await t.sql(`select count(*)::int as n from clicks where affiliate_id = $1 and id = any($2::uuid[])`, [affiliate.id, ids.filter(Boolean).map((id) => id!.slice(0, 36))]);
    expect(recorded[0].n).toBe(5);
  });

  it('GET /t/v1/clicks/:id', async () => {
    const clickId = await freshClick();
    const check = (peer: string) => t.request('GET', `/t/v1/clicks/${clickId}?merchantId=${m.id}`, { peer, headers: disguised() });
    expect(await statuses(9, () => check('127.0.1.1'))).toEqual([...Array(8).fill(200), 429]);
    const refused = await check('127.0.1.1');
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check('127.0.1.2')).status).toBe(200);
  });

  it('POST /t/v1/clicks', async () => {
    const [, , trackingCode, refCode] = new URL(affiliate.trackingLink).pathname.split('/');
    const register = (peer: string) => t.request('POST', '/t/v1/clicks', { peer, headers: disguised(), body: { merchantId: m.id, trackingCode, refCode } });
    expect(await statuses(9, () => register('127.0.2.1'))).toEqual([...Array(8).fill(201), 429]);
    expect((await register('127.0.2.2')).status).toBe(201);
  });

  it('POST /t/v1/leads', async () => {
    const clickId = await freshClick();
    const lead = (peer: string) => t.request('POST', '/t/v1/leads', { peer, headers: disguised(), body: { merchantId: m.id, clickId, email: uniqueEmail('lead') } });
    const list = await statuses(9, () => lead('127.0.3.1'));
    expect(list.slice(0, 8).every((s) => s === 200 || s === 201)).toBe(true);
    expect(list[8]).toBe(429);
    expect([200, 201]).toContain((await lead('127.0.3.2')).status);
  });

  it('POST /t/v1/sales: a new browser name per sale no longer buys one address more sales', async () => {
    const sale = async (peer: string, order: string) =>
      t.request('POST', '/t/v1/sales', { peer, headers: disguised(), body: { merchantId: m.id, clickId: await freshClick(), orderId: order, amount: 1_000 } });
    const orders = Array.from({ length: 6 }, (_, i) => `farm-${i}-${Date.now()}`);
    const list: number[] = [];
    for (const order of orders) list.push((await sale('127.0.4.1', order)).status);
    expect(list).toEqual([201, 201, 201, 429, 429, 429]);
    const stored = await t.sql(`select count(*)::int as n from conversions where order_id = any($1)`, [orders]);
    expect(stored[0].n).toBe(3);
    expect((await sale('127.0.4.2', `farm-other-${Date.now()}`)).status).toBe(201);
  });

  const portal = (path = '') => `/portal/m/${m.id}${path}`;

  it("the connectors' OAuth endpoints (token, registration, revocation) together", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const token = (peer: string) =>
      t.request('POST', '/oauth/token', { peer, headers: { ...form, ...disguised() }, body: 'grant_type=authorization_code&code=nope&client_id=nope' });
    const revoke = (peer: string) => t.request('POST', '/oauth/revoke', { peer, headers: { ...form, ...disguised() }, body: 'token=nope' });
    const list = [...(await statuses(2, () => token('127.0.9.1'))), ...(await statuses(2, () => revoke('127.0.9.1')))];
    expect(list.every((status) => status !== 429)).toBe(true);
    const refused = await token('127.0.9.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('slow_down');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await token('127.0.9.2')).status).not.toBe(429);
  });

  it("the portal's join", async () => {
    const join = async (peer: string) => {
      const browser = new PortalBrowser(t, undefined, peer);
      await browser.get(portal(`/c/${campaign.trackingCode}`));
      return browser.post(portal(`/c/${campaign.trackingCode}/join`), { email: uniqueEmail('joiner') }, { headers: disguised() });
    };
    const list = await statuses(5, () => join('127.0.6.1'));
    expect(list).toEqual([200, 200, 200, 200, 429]);
    expect((await join('127.0.6.2')).status).toBe(200);
    expect((await t.sql(`select count(*)::int as n from affiliates where email like 'joiner-%'`))[0].n).toBe(5);
  });

  it("the portal's sign-in link requests", async () => {
    const ask = async (peer: string) => {
      const browser = new PortalBrowser(t, undefined, peer);
      await browser.get(portal('/sign-in'));
      return browser.post(portal('/sign-in'), { email: uniqueEmail('asker') }, { headers: disguised() });
    };
    expect(await statuses(5, () => ask('127.0.7.1'))).toEqual([200, 200, 200, 200, 429]);
    expect((await ask('127.0.7.2')).status).toBe(200);
  });

  it("the portal's sign-in link pages", async () => {
    const open = (peer: string) => new PortalBrowser(t, undefined, peer).get(portal(`/sign-in/${'a'.repeat(43)}`));
    expect(await statuses(5, () => open('127.0.8.1'))).toEqual([200, 200, 200, 200, 429]);
    expect((await open('127.0.8.2')).status).toBe(200);
    const use = async (peer: string) => {
      const browser = new PortalBrowser(t, undefined, peer);
      await browser.get(portal('/sign-in'));
      return browser.post(portal(`/sign-in/${'b'.repeat(43)}`), {}, { headers: disguised() });
    };
    expect(await statuses(2, () => use('127.0.8.3'))).toEqual([400, 400]);
    expect(await statuses(3, () => use('127.0.8.3'))).toEqual([400, 400, 429]);
  });

  it("the portal's invitation pages", async () => {
    const unknown = '0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10';
    const view = (peer: string) => new PortalBrowser(t, undefined, peer).get(portal(`/invitations/${unknown}`));
    expect(await statuses(5, () => view('127.0.9.1'))).toEqual([404, 404, 404, 404, 429]);
    expect((await view('127.0.9.2')).status).toBe(404);
    const accept = async (peer: string) => {
      const browser = new PortalBrowser(t, undefined, peer);
      await browser.get(portal('/sign-in'));
      return browser.post(portal(`/invitations/${unknown}/accept`), {}, { headers: disguised() });
    };
    expect(await statuses(5, () => accept('127.0.9.3'))).toEqual([404, 404, 404, 404, 429]);
  });
});
