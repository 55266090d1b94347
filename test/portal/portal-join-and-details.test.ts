import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { latestSignInLink, signedInBrowser } from '../support/portal-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

describe('joining public campaigns and saving payout details in the portal', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { businessName: 'Joinable' });
  });
  afterAll(async () => t?.close());

  const joinedEvents = (affiliateId: string) =>
    t.sql(`select payload from outbox_events where type = 'affiliate.joined' and payload->>'affiliateId' = $1`, [affiliateId]);

  it('lists public campaigns only, on the merchant portal and the discovery list', async () => {
    const open = await createCampaign(t, m.liveKey, { name: 'Open house' });
    const hidden = await createCampaign(t, m.liveKey, { name: 'Private club', isPublic: false });
    const portal = visibleText((await new PortalBrowser(t).get(`/portal/m/${m.id}/`)).text);
    expect(portal).toContain('Open house');
    expect(portal).not.toContain('Private club');
    const discovery = await t.service.app.request('/portal');
    const text = visibleText(await discovery.text());
    expect(text).toContain('Open house');
    expect(text).toContain('by Joinable');
    expect(text).not.toContain('Private club');
    expect((await new PortalBrowser(t).get(`/portal/m/${m.id}/c/${hidden.trackingCode}`)).status).toBe(404);
    expect((await new PortalBrowser(t).get(`/portal/m/${m.id}/c/${open.trackingCode}`)).status).toBe(200);
  });

  it('joins pending without auto-approval and approved with it, emitting affiliate.joined with the status', async () => {
    const reviewed = await createCampaign(t, m.liveKey, { name: 'Reviewed' });
    const automatic = await createCampaign(t, m.liveKey, { name: 'Automatic', autoApproveAffiliates: true });
    for (const [campaign, status] of [[reviewed, 'pending'], [automatic, 'approved']] as const) {
      const email = uniqueEmail('joiner');
      const browser = new PortalBrowser(t);
      await browser.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
      const joined = await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email, name: 'Jo Iner' });
      expect(joined.status).toBe(200);
      expect(visibleText(joined.text)).toContain(status === 'approved' ? 'You are approved' : 'Your application is pending');
      const [affiliate] = await t.sql('select id, name, headless from affiliates where lower(email) = lower($1)', [email]);
      expect(affiliate).toMatchObject({ name: 'Jo Iner', headless: false });
      const [membership] = await t.sql('select status from affiliate_memberships where affiliate_id = $1 and campaign_id = $2', [affiliate.id, campaign.id]);
      expect(membership.status).toBe(status);
      const events = await joinedEvents(affiliate.id);
      expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ campaignId: campaign.id, status, previousStatus: null })]);
      // A sign-in link follows by email.
      expect(await latestSignInLink(t, email)).toContain(`/portal/m/${m.id}/sign-in/`);
      // Joining again changes nothing and emits nothing.
      await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email });
      expect(await joinedEvents(affiliate.id)).toHaveLength(1);
    }
  });

  it('does not accept an expired or revoked invitation, nor another merchant\'s', async () => {
    const campaign = await createCampaign(t, m.liveKey, { isPublic: false });
    const invite = async () => (await t.api('POST', '/affiliates/invite', m.liveKey, { email: uniqueEmail('late'), campaignId: campaign.id })).body.data.id as string;
    const revoked = await invite();
    expect((await t.api('DELETE', `/affiliates/invitations/${revoked}`, m.liveKey)).status).toBe(200);
    const expiring = await invite();
    const now = new Date((await t.admin('GET', '/clock')).body.data.now).getTime();
    await t.admin('POST', '/clock', { now: new Date(now + 40 * 86_400_000).toISOString() });
    for (const [id, state] of [[revoked, 'revoked'], [expiring, 'expired']] as const) {
      const browser = new PortalBrowser(t);
      const page = await browser.get(`/portal/m/${m.id}/invitations/${id}`);
      expect(visibleText(page.text)).toContain(`This invitation was ${state}`);
      // That page has no form; a forged post still carries a valid token (from the sign-in page).
      await browser.get(`/portal/m/${m.id}/sign-in`);
      const accepted = await browser.post(`/portal/m/${m.id}/invitations/${id}/accept`);
      expect(accepted.status).toBe(409);
    }
    const other = await createMerchant(t, 'scale');
    const fresh = await invite();
    expect((await new PortalBrowser(t).get(`/portal/m/${other.id}/invitations/${fresh}`)).status).toBe(404);
    expect(await t.sql(`select 1 from affiliate_memberships where campaign_id = $1`, [campaign.id])).toEqual([]);
  });

  it('refuses a bad email with the form again and writes nothing', async () => {
    const campaign = await createCampaign(t, m.liveKey);
    const browser = new PortalBrowser(t);
    await browser.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    const before = await t.sql('select count(*)::int as n from affiliates');
    const res = await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(visibleText(res.text)).toContain('Enter a valid email address.');
    expect(await t.sql('select count(*)::int as n from affiliates')).toEqual(before);
  });

  it('refuses a form without its CSRF token or from another origin', async () => {
    const campaign = await createCampaign(t, m.liveKey);
    const browser = new PortalBrowser(t);
    await browser.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    const email = uniqueEmail('forged');
    expect((await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email }, { csrf: null })).status).toBe(403);
    expect((await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await t.sql('select 1 from affiliates where lower(email) = lower($1)', [email])).toEqual([]);
  });

  it('saves payout details through the same use case: twice, one affiliate.payout_details_completed', async () => {
    const campaign = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true });
    const email = uniqueEmail('payee');
    const joiner = new PortalBrowser(t);
    await joiner.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    await joiner.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email });
    const browser = await signedInBrowser(t, m.id, email);
    await browser.get(`/portal/m/${m.id}/payout-details`);
    const missing = await browser.post(`/portal/m/${m.id}/payout-details`, { method: 'wallet_a', email: '' });
    expect(missing.status).toBe(400);
    expect(visibleText(missing.text)).toContain('The payout email is required for wallet_a.');
    const first = await browser.post(`/portal/m/${m.id}/payout-details`, { method: 'wallet_a', email: 'wallet@example.com' });
    expect(first.status).toBe(200);
    expect(visibleText(first.text)).toContain('Saved.');
    const second = await browser.post(`/portal/m/${m.id}/payout-details`, { method: 'transfer_b', email: 'bank@example.com' });
    expect(second.status).toBe(200);
    const [affiliate] = await t.sql('select id, payout_method, payout_email from affiliates where lower(email) = lower($1)', [email]);
    expect(affiliate).toMatchObject({ payout_method: 'transfer_b', payout_email: 'bank@example.com' });
    const events = await t.sql(`select payload from outbox_events where type = 'affiliate.payout_details_completed' and payload->>'affiliateId' = $1`, [affiliate.id]);
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ payoutMethod: 'wallet_a', payoutEmail: 'wallet@example.com' })]);
    // Every portal write is audited with the affiliate as the actor, at the portal's merchant.
    const audit = await t.sql(`select actor, merchant_id, path, status from audit_log where actor = $1 and method = 'POST' order by created_at`, [`affiliate:${affiliate.id}`]);
    expect(audit.filter((r) => r.path === `/portal/m/${m.id}/payout-details`).map((r) => r.status)).toEqual([400, 200, 200]);
    expect(audit.every((r) => r.merchant_id === m.id)).toBe(true);
  });

  it('sends no sign-in link to a headless (API-created) affiliate or an unknown address, with the same answer', async () => {
    const campaign = await createCampaign(t, m.liveKey);
    const headless = await createAffiliate(t, m.liveKey, campaign.id);
    for (const email of [headless.email, uniqueEmail('nobody')]) {
      const browser = new PortalBrowser(t);
      await browser.get(`/portal/m/${m.id}/sign-in`);
      const res = await browser.post(`/portal/m/${m.id}/sign-in`, { email });
      expect(res.status).toBe(200);
      expect(visibleText(res.text)).toContain('If this address belongs to an affiliate of the program');
      expect(await t.sql(`select 1 from mail_outbox where kind = 'sign_in_link' and recipient = $1`, [email])).toEqual([]);
    }
  });

  it('throttles sign-in link requests per email and per address', async () => {
    const campaign = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true });
    const email = uniqueEmail('eager');
    const b = new PortalBrowser(t);
    await b.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    await b.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const browser = new PortalBrowser(t);
      await browser.get(`/portal/m/${m.id}/sign-in`);
      // Different addresses (forwarded by the trusted local proxy): only the per-email limit (5 a minute) applies.
      const res = await t.service.app.request(`http://localhost:3000/portal/m/${m.id}/sign-in`, {
        method: 'POST',
        headers: {
          host: 'localhost:3000',
          origin: 'http://localhost:3000',
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${i + 1}`,
          cookie: `affiliate_portal_session_csrf=${'x'.repeat(43)}`,
        },
        body: new URLSearchParams({ _csrf: 'x'.repeat(43), email }).toString(),
      }, peerEnv());
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // One address asking for many emails is stopped too (20 a minute).
    const flood: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const res = await t.service.app.request(`http://localhost:3000/portal/m/${m.id}/sign-in`, {
        method: 'POST',
        headers: {
          host: 'localhost:3000',
          origin: 'http://localhost:3000',
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '192.0.2.99',
          cookie: `affiliate_portal_session_csrf=${'y'.repeat(43)}`,
        },
        body: new URLSearchParams({ _csrf: 'y'.repeat(43), email: uniqueEmail('spray') }).toString(),
      }, peerEnv());
      flood.push(res.status);
    }
    expect(flood.filter((s) => s === 200)).toHaveLength(20);
    expect(flood.slice(20)).toEqual([429, 429]);
  });
});
