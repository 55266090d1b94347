import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { latestSignInLink, signedInBrowser } from '../support/portal-mother.js';
import { createGoal, createTeam, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Joins the merchant's auto-approving public campaign through its portal; answers the affiliate id. */
const join = async (t: TestService, merchantId: string, trackingCode: string, email: string, origin?: string) => {
  const browser = new PortalBrowser(t, origin);
  const base = origin ? '' : `/portal/m/${merchantId}`;
  await browser.get(`${base}/c/${trackingCode}`);
  const res = await browser.post(`${base}/c/${trackingCode}/join`, { email, name: email.split('@')[0]! });
  if (res.status !== 200) throw new Error(`join failed: ${res.status}`);
  return (await t.sql('select id from affiliates where merchant_id = $1 and lower(email) = lower($2) and not is_test', [merchantId, email]))[0].id as string;
};

describe('an affiliate sees only their own data at one merchant', () => {
  let t: TestService;
  let a: TestMerchant;
  let b: TestMerchant;
  let campaignA: { id: string; trackingCode: string };
  let campaignB: { id: string; trackingCode: string };
  const xEmail = uniqueEmail('x');
  const yEmail = uniqueEmail('y');
  let x: string;
  let y: string;
  let xAtA: string;
  let yAtA: string;
  let xAtB: string;

  beforeAll(async () => {
    t = await startTestService();
    a = await createMerchant(t, 'scale', { businessName: 'Alpha' });
    b = await createMerchant(t, 'scale', { businessName: 'Beta', customDomain: 'shop.beta.example' });
    campaignA = (await createCampaign(t, a.liveKey, { name: 'Alpha deals', autoApproveAffiliates: true })) as any;
    campaignB = (await createCampaign(t, b.liveKey, { name: 'Beta deals', autoApproveAffiliates: true })) as any;
    x = await join(t, a.id, campaignA.trackingCode, xEmail);
    y = await join(t, a.id, campaignA.trackingCode, yEmail);
    // The same person joining Beta becomes Beta's own affiliate record, apart from Alpha's.
    const xB = await join(t, b.id, campaignB.trackingCode, xEmail, 'https://shop.beta.example');
    expect(xB).not.toBe(x);
    const sale = async (key: string, campaignId: string, affiliateId: string, amount: number) => {
      const res = await t.api('POST', '/conversions', key, { campaignId, affiliateId, amount });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return res.body.data.id as string;
    };
    xAtA = await sale(a.liveKey, campaignA.id, x, 101);
    yAtA = await sale(a.liveKey, campaignA.id, y, 202);
    xAtB = await sale(b.liveKey, campaignB.id, xB, 303);
  });
  afterAll(async () => t?.close());

  it("answers 404 for another affiliate's and another merchant's conversion ids", async () => {
    const browser = await signedInBrowser(t, a.id, xEmail);
    expect((await browser.get(`/portal/m/${a.id}/conversions/${xAtA}`)).status).toBe(200);
    expect((await browser.get(`/portal/m/${a.id}/conversions/${yAtA}`)).status).toBe(404);
    expect((await browser.get(`/portal/m/${a.id}/conversions/${xAtB}`)).status).toBe(404);
    const list = visibleText((await browser.get(`/portal/m/${a.id}/conversions`)).text);
    expect(list).toContain('101.00 USD');
    expect(list).not.toContain('202.00 USD');
    expect(list).not.toContain('303.00 USD');
  });

  it("does not take a session of one merchant's portal at another's", async () => {
    const browser = await signedInBrowser(t, a.id, xEmail);
    // The cookie is confined by path; even sent anyway, the session is Alpha's and Beta's portal ignores it.
    const res = await browser.get(`/portal/m/${b.id}/home`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/portal/m/${b.id}/sign-in`);
    // A sign-in link made for Alpha does not sign in at Beta.
    const other = new PortalBrowser(t);
    await other.get(`/portal/m/${a.id}/sign-in`);
    await other.post(`/portal/m/${a.id}/sign-in`, { email: xEmail });
    const link = await latestSignInLink(t, xEmail);
    const token = link.split('/').pop()!;
    await other.get(`/portal/m/${b.id}/sign-in/${token}`);
    expect((await other.post(`/portal/m/${b.id}/sign-in/${token}`)).status).toBe(400);
    expect(other.cookie('affiliate_portal_session')).toBeUndefined();
  });

  it("serves Beta's portal at its custom domain's root, with links and sign-in there", async () => {
    const home = await new PortalBrowser(t, 'https://shop.beta.example').get('/');
    expect(home.status).toBe(200);
    expect(visibleText(home.text)).toContain('Beta deals');
    expect(visibleText(home.text)).not.toContain('Alpha deals');
    const browser = await signedInBrowser(t, b.id, xEmail, 'https://shop.beta.example');
    expect(await latestSignInLink(t, xEmail)).toMatch(/^https:\/\/shop\.beta\.example\/sign-in\//);
    const overview = await browser.get('/home');
    expect(overview.status).toBe(200);
    const link = /value="(https:\/\/shop\.beta\.example\/r\/[^"]+)"/.exec(overview.text)?.[1];
    expect(link).toBeDefined();
    // The tracking link on the custom domain still reaches the tracking redirect.
    const click = await t.service.app.request(link!, { headers: { host: 'shop.beta.example' } });
    expect(click.status).toBe(302);
    // Alpha's data is not in Beta's portal.
    expect((await browser.get(`/conversions/${xAtA}`)).status).toBe(404);
    expect((await browser.get(`/conversions/${xAtB}`)).status).toBe(200);
    // The API is not served as portal pages on the custom domain.
    const api = await t.service.app.request('https://shop.beta.example/api/v1/me', { headers: { host: 'shop.beta.example' } });
    expect(api.status).toBe(401);
  });

  it('shows leaders-only goals to the leader and not to members', async () => {
    const team = await createTeam(t, a);
    await staffTeam(t, a, team.id, [x, y], [campaignA.id]);
    expect((await t.api('PATCH', `/teams/${team.id}`, a.liveKey, { leaderAffiliateId: x })).status).toBe(200);
    await createGoal(t, a, team.id, { name: 'Everyone sees this', metric: 'conversions', targetValue: 10, bonusValue: 50 });
    await createGoal(t, a, team.id, { name: 'Leaders see this', metric: 'conversions', targetValue: 10, bonusValue: 80, bonusVisibility: 'leaders' });

    const leader = visibleText((await (await signedInBrowser(t, a.id, xEmail)).get(`/portal/m/${a.id}/team`)).text);
    expect(leader).toContain('You are the team leader');
    expect(leader).toContain('Everyone sees this');
    expect(leader).toContain('Leaders see this');
    expect(leader).toContain('0 / 10 conversions');

    const member = visibleText((await (await signedInBrowser(t, a.id, yEmail)).get(`/portal/m/${a.id}/team`)).text);
    expect(member).toContain('You are a member');
    expect(member).toContain('Everyone sees this');
    expect(member).not.toContain('Leaders see this');
    expect(member).toContain('Your part: 0');
  });
});
