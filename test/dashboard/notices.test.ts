import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let receiver: SmtpReceiver;
let merchant: TestMerchant;
let owner: DashboardBrowser;
let merchantEmail: string;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await startTestService({ smtpUrl: receiver.url });
  merchant = await createMerchant(t, 'scale');
  merchantEmail = (await t.admin('GET', `/merchants/${merchant.id}`)).body.data.email;
  owner = (await signedInUser(t, merchant.id)).browser;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const noticesOf = (kind: string, mode = 'live') =>
  t.sql<{ message: string }>(`select message from notifications where merchant_id = $1 and kind = $2 and mode = $3 order by created_at`, [merchant.id, kind, mode]);
const mailsOf = (kind: string) => t.sql<{ status: string; recipient: string }>(`select status, recipient from mail_outbox where merchant_id = $1 and kind = $2`, [merchant.id, kind]);
const sale = (key: string, campaignId: string, affiliateId: string, amount = 49.5) =>
  t.api('POST', '/conversions', key, { campaignId, affiliateId, amount, currency: 'usd' });

describe('notices that matter', () => {
  it('tells of a new application once, with what to do in the dashboard, and emails it to the merchant', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Spring launch', autoApproveAffiliates: false });
    const email = uniqueEmail('applicant');
    const signUp = { email, name: 'Grace Hopper', campaignId: campaign.id };
    expect((await t.admin('POST', `/merchants/${merchant.id}/affiliate-signups`, signUp)).status).toBeLessThan(300);
    // Signing up again for the same campaign is no new application.
    await t.admin('POST', `/merchants/${merchant.id}/affiliate-signups`, signUp);
    const notices = await noticesOf('new_application');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(`Grace Hopper (${email}) applied to join Spring launch. Approve or reject the application on the Affiliates page of your dashboard.`);

    await t.admin('POST', '/jobs/run');
    const mail = (await receiver.waitFor(2)).find((m) => m.subject === 'A new affiliate application to review');
    expect(mail!.to).toEqual([merchantEmail]);
    expect(mail!.text).toContain('Approve or reject the application on the Affiliates page of your dashboard.');
    expect(mail!.text).toContain('/dashboard/notifications');
    expect(mail!.text).not.toMatch(/\/api\/v1|POST |PATCH /);
  });

  it("tells of an affiliate's first sale once, and emails it only while the merchant chooses so", async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Summer' });
    const ada = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ada' });
    expect((await sale(merchant.liveKey, campaign.id, ada.id)).status).toBe(201);
    expect((await sale(merchant.liveKey, campaign.id, ada.id)).status).toBe(201);
    const notices = await noticesOf('first_sale');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(`Ada (${ada.email}) made their first sale for Summer: 49.50 USD. See it on the Conversions page of your dashboard, where you approve its commission.`);
    expect(await mailsOf('notice_first_sale')).toHaveLength(1);

    // The merchant stops first-sale emails: the next affiliate's first sale is in the list, not in the mail.
    await owner.get('/dashboard/settings');
    expect((await owner.post('/dashboard/settings/notices', { new_application: 'on', failures: 'on' })).status).toBe(303);
    const lin = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Lin' });
    expect((await sale(merchant.liveKey, campaign.id, lin.id)).status).toBe(201);
    expect(await noticesOf('first_sale')).toHaveLength(2);
    expect(await mailsOf('notice_first_sale')).toHaveLength(1);
  });

  it('keeps test-mode notices in test mode and sends no email for them', async () => {
    await owner.post('/dashboard/settings/notices', { new_application: 'on', first_sale: 'on', failures: 'on' });
    const before = (await mailsOf('notice_first_sale')).length;
    // Campaigns are made live; test keys record test sales on them.
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Sandbox' });
    const affiliate = await createAffiliate(t, merchant.testKey, campaign.id, { name: 'Tess' });
    expect((await sale(merchant.testKey, campaign.id, affiliate.id)).status).toBe(201);
    expect(await noticesOf('first_sale', 'test')).toHaveLength(1);
    expect(await mailsOf('notice_first_sale')).toHaveLength(before);
  });

  it('lists notices on a page with the unread count in the header, marked read one by one or all', async () => {
    const list = await owner.get('/dashboard/notifications');
    expect(list.status).toBe(200);
    const unread = Number((await t.sql(`select count(*)::int as n from notifications where merchant_id = $1 and mode = 'live' and read_at is null`, [merchant.id]))[0].n);
    expect(unread).toBeGreaterThanOrEqual(3);
    expect(list.html).toContain(`${unread}<span class="sr-only"> unread</span>`);
    expect(list.html).toContain('New application');
    expect(list.html).toContain('Approve or reject the application on the Affiliates page');
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(list.html)![1]!;
    expect((await owner.post('/dashboard/notifications/read', { id, back: '/dashboard/notifications' })).location).toContain('/dashboard/notifications');
    expect((await owner.get('/dashboard/notifications')).html).toContain(`${unread - 1}<span class="sr-only"> unread</span>`);
    await owner.post('/dashboard/notifications/read', { back: '/dashboard/notifications' });
    const after = await owner.get('/dashboard/notifications');
    expect(after.html).not.toContain('<span class="sr-only"> unread</span>');
    expect(after.html).not.toContain('name="id"');
  });

  it('emails an affiliate with a portal for a new commission and its approval; a headless one gets none', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Autumn', autoApproveAffiliates: true });
    const email = uniqueEmail('earner');
    const signed = await t.admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email, name: 'Emmy', campaignId: campaign.id });
    const affiliateId = signed.body.data.affiliateId ?? signed.body.data.id;
    const made = await sale(merchant.liveKey, campaign.id, affiliateId, 100);
    expect(made.status).toBe(201);
    expect((await t.api('PATCH', `/conversions/${made.body.data.id}`, merchant.liveKey, { status: 'approved' })).status).toBe(200);
    const mails = await t.sql<{ kind: string; status: string; subject: string }>(`select kind, status, subject from mail_outbox where recipient = $1 and kind like 'commission_%' order by created_at`, [email]);
    expect(mails.map((m) => m.kind)).toEqual(['commission_created', 'commission_approved']);
    expect(mails[0]!.subject).toBe(`You earned 20.00 USD from ${(await t.admin('GET', `/merchants/${merchant.id}`)).body.data.businessName}`);

    const headless = await createAffiliate(t, merchant.liveKey, campaign.id);
    expect((await sale(merchant.liveKey, campaign.id, headless.id)).status).toBe(201);
    expect(await t.sql(`select 1 from mail_outbox where recipient = $1`, [headless.email])).toHaveLength(0);

  });
});

describe('payouts due', () => {
  it('tells once per payout date, when the payout job schedules them, with what to do in the dashboard, and emails it', async () => {
    const payer = await createMerchant(t, 'scale', { automaticPayouts: true });
    const payerOwner = (await signedInUser(t, payer.id)).browser;
    await t.admin('PATCH', `/merchants/${payer.id}`, { payoutHoldingDays: 0 });
    const campaign = await createCampaign(t, payer.liveKey, { name: 'Payday' });
    const ada = await createAffiliate(t, payer.liveKey, campaign.id, { name: 'Ada' });
    for (const n of [1, 2]) {
      const made = await sale(payer.liveKey, campaign.id, ada.id, 100 + n);
      expect((await t.api('PATCH', `/conversions/${made.body.data.id}`, payer.liveKey, { status: 'approved' })).status).toBe(200);
    }
    await t.admin('POST', '/jobs/run');
    await t.admin('POST', '/jobs/run');
    const scheduled = await t.sql<{ day: string }>(`select distinct to_char(scheduled_date at time zone 'UTC', 'YYYY-MM-DD') as day from payouts where merchant_id = $1 and status <> 'pending'`, [payer.id]);
    expect(scheduled.length).toBeGreaterThan(0);
    const notices = await t.sql<{ message: string }>(`select message from notifications where merchant_id = $1 and kind = 'payouts_due'`, [payer.id]);
    expect(notices).toHaveLength(scheduled.length);
    expect(notices[0]!.message).toContain(`payouts are scheduled for ${scheduled[0]!.day}. Review them on the Payouts page of your dashboard`);
    expect(notices[0]!.message).not.toMatch(/\/api\/v1|POST |PATCH /);
    expect((await payerOwner.get('/dashboard/notifications')).html).toContain('Payouts due');
    expect(await t.sql(`select 1 from mail_outbox where merchant_id = $1 and kind = 'notice_payouts_due'`, [payer.id])).toHaveLength(scheduled.length);
  });
});
