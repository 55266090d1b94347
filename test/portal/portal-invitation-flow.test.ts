import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('from an invitation email to a conversion on the portal', () => {
  let receiver: SmtpReceiver;
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; name: string; trackingCode: string };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await startTestService({ smtpUrl: receiver.url });
    m = await createMerchant(t, 'scale', { businessName: 'Acme Outdoor' });
    // Not public: an invitation reaches a campaign the discovery list does not show.
    campaign = (await createCampaign(t, m.liveKey, { name: 'Tents', isPublic: false, commissionValue: 10 })) as any;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const runJobs = () => t.admin('POST', '/jobs/run');
  const mailTo = async (email: string, count: number) => {
    await runJobs();
    const mails = receiver.received.filter((r) => r.to.includes(email));
    expect(mails.length).toBe(count);
    return mails[count - 1]!;
  };

  it('invite → accept → sign in by emailed link → see the link → click it → the conversion appears', async () => {
    const email = 'ada@example.com';
    const invited = await t.api('POST', '/affiliates/invite', m.liveKey, { email, name: 'Ada', campaignId: campaign.id });
    expect(invited.status).toBe(201);
    const invitation = await mailTo(email, 1);
    const accept = linkIn(invitation.text, '/invitations/');
    expect(accept).toBe(`http://localhost:3000/portal/m/${m.id}/invitations/${invited.body.data.id}`);

    const browser = new PortalBrowser(t);
    const page = await browser.get(accept);
    expect(page.status).toBe(200);
    expect(visibleText(page.text)).toContain('Join Tents');
    const accepted = await browser.post(`${accept}/accept`);
    expect(accepted.status).toBe(200);
    expect(visibleText(accepted.text)).toContain('You joined Tents');

    // The invitation moved to accepted; the membership is approved with affiliate.joined.
    expect((await t.sql('select status from affiliate_invitations where id = $1', [invited.body.data.id]))[0].status).toBe('accepted');
    const [affiliate] = await t.sql('select id, headless, created_via from affiliates where lower(email) = $1 and not is_test', [email]);
    expect(affiliate).toMatchObject({ headless: false, created_via: 'signup' });
    const joined = await t.sql(`select payload from outbox_events where type = 'affiliate.joined' and merchant_id = $1`, [m.id]);
    expect(joined.map((e) => e.payload)).toEqual([expect.objectContaining({ affiliateId: affiliate.id, campaignId: campaign.id, status: 'approved', previousStatus: null })]);
    // Accepting twice changes nothing.
    expect((await browser.post(`${accept}/accept`)).status).toBe(409);

    // Accepting does not sign in; the emailed sign-in link does.
    expect((await browser.get(`/portal/m/${m.id}/home`)).location).toBe(`/portal/m/${m.id}/sign-in`);
    const signInMail = await mailTo(email, 2);
    expect(signInMail.subject).toBe('Your sign-in link for Acme Outdoor');
    const signInLink = linkIn(signInMail.text, '/sign-in/');
    expect(signInMail.html).toContain(signInLink);
    const confirm = await browser.get(signInLink);
    expect(confirm.status).toBe(200);
    const signedIn = await browser.post(signInLink);
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(`/portal/m/${m.id}/home`);
    expect(browser.cookie('affiliate_portal_session')).toBeDefined();
    // The link works once, and the sent message no longer holds it at rest.
    expect((await new PortalBrowser(t).post(signInLink, {}, { csrf: null })).status).toBe(403);
    const other = new PortalBrowser(t);
    await other.get(signInLink);
    expect((await other.post(signInLink)).status).toBe(400);
    const [stored] = await t.sql(`select body, html from mail_outbox where kind = 'sign_in_link' and recipient = $1`, [email]);
    expect(stored.body).not.toContain('/sign-in/');
    expect(stored.html).toBeNull();

    // The overview shows the tracking link with a copy button.
    const home = await browser.get(`/portal/m/${m.id}/home`);
    expect(home.status).toBe(200);
    const trackingLink = /value="(http:\/\/localhost:3000\/r\/[^"]+)"/.exec(home.text)?.[1];
    expect(trackingLink).toBe(`http://localhost:3000/r/${campaign.trackingCode}/${trackingLink!.split('/').pop()}`);
    expect(home.text).toContain('data-copy="link-0"');

    // A visitor follows it: the tracking redirect records a click and hands its id to the shop.
    const click = await t.service.app.request(trackingLink!.replace('http://localhost:3000', ''), { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(click.status).toBe(302);
    const clickId = new URL(click.headers.get('location')!).searchParams.get('click_id');
    expect(clickId).toBeTruthy();
    // The shop reports the sale with the click id.
    const sale = await t.api('POST', '/conversions', m.liveKey, {
      campaignId: campaign.id,
      affiliateId: affiliate.id,
      amount: 120,
      clickId,
      customerEmail: 'buyer@example.net',
      customerName: 'Bea Buyer',
      orderId: 'order-1',
    });
    expect(sale.status).toBe(201);

    const conversions = await browser.get(`/portal/m/${m.id}/conversions`);
    const text = visibleText(conversions.text);
    expect(text).toContain('Tents');
    expect(text).toContain('120.00 USD');
    expect(text).toContain('12.00 USD');
    // The merchant's customer is not the affiliate's data.
    expect(conversions.text).not.toContain('buyer@example.net');
    expect(conversions.text).not.toContain('Bea Buyer');
    const detail = await browser.get(`/portal/m/${m.id}/conversions/${sale.body.data.id}`);
    expect(detail.status).toBe(200);
    expect(detail.text).not.toContain('buyer@example.net');
    // Clicks may be written in batches a moment after the redirect: wait for it.
    let overview = '';
    for (let i = 0; i < 50 && !overview.includes('1 clicks'); i += 1) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      overview = visibleText((await browser.get(`/portal/m/${m.id}/home`)).text);
    }
    expect(overview).toContain('1 clicks');
    expect(overview).toMatch(/USD Conversions 1 Sales 120\.00 USD Pending 12\.00 USD/);

    // Sign-out ends the session.
    expect((await browser.post(`/portal/m/${m.id}/sign-out`)).status).toBe(303);
    expect((await browser.get(`/portal/m/${m.id}/conversions`)).location).toBe(`/portal/m/${m.id}/sign-in`);
  });
});
