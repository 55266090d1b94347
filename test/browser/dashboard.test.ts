import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { mailedLink } from '../support/dashboard-browser.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const PASSWORD = 'a long and happy password';

if (!CHROMIUM) console.warn('SKIPPED the dashboard browser test: chromium was not found; install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)('the dashboard in a real headless browser', () => {
  let t: TestService;
  let receiver: WebhookReceiver;
  let session: DashboardChromium;
  let base: string;
  let merchant: TestMerchant;
  let page: Page;
  /** Requests to anything but the service: the dashboard serves every asset itself. */
  const foreign: string[] = [];

  /** axe-core on the page (no serious or critical violation), no sideways scrolling at 375 px, a screenshot. */
  const check = (name: string) => session.check(page, name);
  /** Follows a link of the navigation, which at 375 px sits behind the menu. */
  const navTo = async (name: string) => {
    const menu = page.locator('details.menu');
    if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
    await menu.getByRole('link', { name, exact: true }).click();
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [receiver.host] });
    merchant = await createMerchant(t, 'scale');
    session = await DashboardChromium.start(t, 'dashboard');
    base = session.base;
    page = (await session.newPage()).page;
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await t?.close();
    await receiver?.close();
  });

  it('runs a program from sign-in to revoked keys, every page accessible at 375 px', async () => {
    const email = `owner-${Date.now()}@shop.example`;
    expect((await t.admin('POST', `/merchants/${merchant.id}/users`, { email, role: 'owner' })).status).toBe(201);
    const link = await mailedLink(t, email, 'password_set');

    // Set the password from the emailed link; that signs in.
    await page.goto(`${base}${link.path}`);
    await check('set-password');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.waitForURL(/\/dashboard\?notice=/);
    await check('overview');

    // Sign out, sign in with the form.
    await page.goto(`${base}/dashboard/account`);
    await check('account');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/sign-in/);
    await check('sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/dashboard`);

    // Create a campaign and an affiliate.
    await navTo('Campaigns');
    await page.getByLabel('Name', { exact: true }).fill('Browser campaign');
    await page.getByLabel('Commission value').fill('12.5');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Browser campaign');
    await check('campaign-detail');
    await page.goto(`${base}/dashboard/campaigns`);
    await check('campaigns');
    await navTo('Affiliates');
    const add = page.locator('section', { has: page.getByRole('heading', { name: /Add an affiliate/ }) });
    await add.getByLabel('Email').fill('grace@example.com');
    await add.getByLabel('Name', { exact: true }).fill('Grace');
    await add.getByLabel('Campaign').selectOption({ label: 'Browser campaign' });
    await add.getByRole('button', { name: 'Add affiliate' }).click();
    await page.waitForURL(/\/dashboard\/affiliates\/[0-9a-f-]{36}/);
    await check('affiliate-detail');
    await page.goto(`${base}/dashboard/affiliates`);
    await expect(page.getByRole('link', { name: 'Grace' }).count()).resolves.toBe(1);
    await check('affiliates');

    // Approve a conversion through the 5x dialog.
    const fixed = await createCampaign(t, merchant.liveKey, { commissionType: 'fixed', commissionValue: 90 });
    const affiliate = await createAffiliate(t, merchant.liveKey, fixed.id);
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: fixed.id, affiliateId: affiliate.id, amount: 10, orderId: 'browser-5x' });
    await navTo('Conversions');
    await page.getByRole('button', { name: /Approve the conversion of 10\.00 USD \(order browser-5x\)/ }).click();
    const dialog = page.getByRole('dialog', { name: /above 5× its sale/ });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await check('conversions-5x-dialog');
    await dialog.getByRole('button', { name: 'Approve anyway' }).click();
    await page.waitForURL(/notice=/);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.status).toBe('approved');
    await check('conversions');

    // Test mode: banner, no live rows.
    await page.getByRole('button', { name: 'Show test data' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: 'Test mode' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('browser-5x').count()).resolves.toBe(0);
    await check('conversions-test-mode');
    await page.getByRole('button', { name: 'Back to live data' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByText('browser-5x').count()).resolves.toBeGreaterThan(0);

    // Resend a failed delivery.
    receiver.reply = () => ({ status: 503, body: 'busy' });
    const hook = await t.api('POST', '/webhooks', merchant.liveKey, { url: receiver.url('/browser'), events: ['conversion.created'] });
    await t.api('POST', '/conversions', merchant.liveKey, { campaignId: fixed.id, affiliateId: affiliate.id, amount: 500 });
    await t.admin('POST', '/jobs/run');
    await page.goto(`${base}/dashboard/webhooks`);
    await check('webhooks');
    await page.getByRole('link', { name: 'Delivery log' }).first().click();
    await check('webhook-deliveries');
    receiver.reply = () => ({ status: 200, body: 'ok' });
    const before = receiver.received.length;
    await page.getByRole('button', { name: /Resend the conversion.created delivery/ }).first().click();
    await page.waitForURL(/notice=/);
    await expect(page.getByRole('status').filter({ hasText: 'Resent: delivered' }).isVisible()).resolves.toBe(true);
    expect(receiver.received.length).toBe(before + 1);
    expect(hook.status).toBe(201);

    // Create a key (shown once), revoke it: the API refuses it.
    await navTo('API keys');
    await page.getByLabel('Name', { exact: true }).fill('Browser key');
    await page.getByLabel('Can write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const token = (await page.locator('#new-key').innerText()).trim();
    await check('keys-created');
    expect((await t.api('GET', '/me', token)).status).toBe(200);
    await page.goto(`${base}/dashboard/keys`);
    await check('keys');
    await page.getByRole('button', { name: 'Revoke Browser key' }).click();
    await page.waitForURL(/notice=/);
    expect((await t.api('GET', '/me', token)).status).toBe(401);

    // The remaining pages, for axe and the screenshots.
    const team = await t.api('POST', '/teams', merchant.liveKey, { name: 'Browser team' });
    expect(team.status).toBe(201);
    const integration = await t.api('POST', '/integrations', merchant.liveKey, { provider: 'card', name: 'Browser card account', signingSecret: 'whsec_browser' });
    expect(integration.status).toBe(201);
    for (const [path, name] of [
      [`/dashboard/teams/${team.body.data.id}`, 'team-detail'],
      // Team states with members, tiers and awards: test/browser/dashboard-teams.test.ts.
      [`/dashboard/teams/${team.body.data.id}/edit`, 'team-edit'],
      ['/dashboard/awards', 'award-ledger'],
      [`/dashboard/integrations/${integration.body.data.id}`, 'integration-detail'],
      // The emailed one-time sign-in link's page (opening it signs nobody in; its button does).
      ['/dashboard/link?token=an-emailed-token', 'sign-in-link'],
      ['/dashboard/payouts', 'payouts'],
      ['/dashboard/coupons', 'coupons'],
      ['/dashboard/users', 'users'],
      ['/dashboard/audit-log', 'audit-log'],
      ['/dashboard/teams', 'teams'],
      ['/dashboard/integrations', 'integrations'],
      ['/dashboard?days=365', 'overview-365'],
      ['/dashboard/forgot-password', 'forgot-password'],
    ] as const) {
      expect((await page.goto(`${base}${path}`))?.status(), path).toBe(200);
      await check(name);
    }
    // The reset link a forgotten password mails.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.waitForLoadState('load');
    const reset = await mailedLink(t, email, 'password_reset');
    expect((await page.goto(`${base}${reset.path}`))?.status()).toBe(200);
    await check('reset-password');
    expect(session.violations).toEqual([]);
    expect(foreign).toEqual([]);
  }, 360_000);

  it('edits, pauses and asks before ending a campaign; payout settings, invitations, team writes and a refund, every new page accessible', async () => {
    session.violations.length = 0;
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Editable in browser', commissionType: 'percentage', commissionValue: 10 });
    await page.goto(`${base}/dashboard/campaigns/${campaign.id}`);
    await page.getByRole('link', { name: 'Edit campaign' }).click();
    await page.waitForURL(/\/edit$/);
    await check('campaign-edit');
    await page.getByLabel('Name', { exact: true }).fill('Renamed in browser');
    await page.getByLabel('Commission value').fill('150');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('alert').innerText()).resolves.toContain('commissionValue');
    await expect(page.locator('#commissionValue-error').isVisible()).resolves.toBe(true);
    await check('campaign-edit-error');
    await page.getByLabel('Commission value').fill('15');
    await page.getByLabel('Listed publicly for affiliates to join').check();
    await page.getByLabel('Ends at (UTC)').fill('2099-06-30T12:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}\?notice=/);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data).toMatchObject({ name: 'Renamed in browser', commissionValue: 15, isPublic: true, endsAt: '2099-06-30T12:00:00.000Z' });

    await page.getByRole('button', { name: 'Pause Renamed in browser' }).click();
    await page.waitForURL(/notice=/);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.status).toBe('inactive');
    await check('campaign-paused');
    await page.getByRole('button', { name: 'Resume Renamed in browser' }).click();
    await page.waitForURL(/notice=Campaign%20resumed/);
    await page.getByRole('button', { name: 'End Renamed in browser' }).click();
    const ask = page.getByRole('dialog', { name: /End Renamed in browser/ });
    await expect(ask.isVisible()).resolves.toBe(true);
    await check('campaign-end-dialog');
    await ask.getByRole('link', { name: 'Keep it' }).click();
    expect((await t.api('GET', `/campaigns/${campaign.id}`, merchant.liveKey)).body.data.status).toBe('active');

    // Payout settings: the day and a minimum; credentials are write-only.
    await page.goto(`${base}/dashboard/payout-settings`);
    await check('payout-settings');
    await page.getByLabel('Payout day (1 to 28, UTC)').fill('10');
    await page.getByLabel('Add a currency').fill('eur');
    await page.getByLabel('Its minimum').fill('25');
    await page.getByRole('button', { name: 'Save payout settings' }).click();
    await page.waitForURL(/notice=/);
    expect((await t.api('GET', '/payout-settings', merchant.liveKey)).body.data).toMatchObject({ payoutDay: 10, minimumPayout: { eur: '25.00' } });
    await page.getByLabel('Secret key (sk_live_… or sk_test_…, or a restricted key)').fill('sk_live_browser000000');
    await page.getByRole('button', { name: 'Save credentials' }).first().click();
    await page.waitForURL(/notice=/);
    await expect(page.getByText('sk_live_browser000000').count()).resolves.toBe(0);
    await check('payout-settings-saved');

    // Invitations: sent again from the list.
    const invited = await t.api('POST', '/affiliates/invite', merchant.liveKey, { email: 'invitee@example.com', campaignId: campaign.id });
    expect(invited.status).toBe(201);
    await page.goto(`${base}/dashboard/affiliates`);
    await page.getByRole('link', { name: 'Invitations sent' }).click();
    await check('invitations');
    await page.getByRole('button', { name: 'Resend the invitation of invitee@example.com' }).click();
    await page.waitForURL(/notice=/);
    await expect(page.getByRole('status').filter({ hasText: 'sent again' }).isVisible()).resolves.toBe(true);

    // Teams: create one, assign the campaign, add a goal.
    const member = await createAffiliate(t, merchant.liveKey, campaign.id);
    await page.goto(`${base}/dashboard/teams`);
    await page.getByLabel('Name', { exact: true }).fill('Browser team');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL(/\/dashboard\/teams\/[0-9a-f-]{36}/);
    await page.locator('form[action$="/campaigns"] select[name="campaignId"]').selectOption(campaign.id);
    await page.getByRole('button', { name: 'Assign campaign' }).click();
    await page.waitForURL(/notice=/);
    await page.getByLabel(/Affiliates to add/).selectOption(member.id);
    await page.getByRole('button', { name: 'Add to the team' }).click();
    await page.waitForURL(/notice=1%20added/);
    await page.getByLabel('Goal name').fill('Ten sales');
    await page.getByLabel('Counts').selectOption('conversions');
    await page.getByLabel('Target', { exact: true }).fill('10');
    await page.getByLabel('Bonus value').fill('50');
    await page.getByRole('button', { name: 'Create goal' }).click();
    await page.waitForURL(/notice=Goal%20created/);
    await expect(page.getByRole('button', { name: 'Close now: goal Ten sales' }).isVisible()).resolves.toBe(true);
    await check('team-detail');
    await page.goto(`${base}/dashboard/teams`);
    await check('teams-with-create');

    // A part refund recorded by hand.
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: member.id, amount: 80, orderId: 'browser-refund' });
    await page.goto(`${base}/dashboard/conversions`);
    await page.getByRole('link', { name: /Refund the conversion of 80\.00 USD \(order browser-refund\)/ }).click();
    await check('conversion-refund');
    await page.getByLabel(/Amount refunded to the customer/).fill('20');
    await page.getByRole('button', { name: 'Record the refund' }).click();
    await page.waitForURL(/notice=/);
    expect((await t.api('GET', `/conversions/${sale.body.data.id}`, merchant.liveKey)).body.data.refundedAmount).toBe(20);
    expect(session.violations).toEqual([]);
  }, 300_000);

  it('keeps a member without Manage payouts from live conversions and auto-approval', async () => {
    const email = `member-${Date.now()}@shop.example`;
    await t.admin('POST', `/merchants/${merchant.id}/users`, { email, role: 'member', managePayouts: false });
    const link = await mailedLink(t, email, 'password_set');
    const member = (await session.newPage()).page;
    await member.goto(`${base}${link.path}`);
    await member.getByLabel('New password').fill(PASSWORD);
    await member.getByRole('button', { name: 'Save password and sign in' }).click();
    await member.waitForURL(/\/dashboard\?notice=/);

    await member.goto(`${base}/dashboard/campaigns`);
    await member.getByLabel('Name', { exact: true }).fill('Auto-approving');
    await member.getByLabel('Commission value').fill('10');
    await member.getByLabel('Approve commissions automatically after').selectOption('30');
    await member.getByRole('button', { name: 'Create campaign' }).click();
    await expect(member.getByRole('alert').innerText()).resolves.toContain('Manage payouts');

    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await member.goto(`${base}/dashboard/conversions`);
    await member.locator('form[action="/dashboard/conversions"][method="post"] select[name="campaignId"]').selectOption(campaign.id);
    await member.locator('form[action="/dashboard/conversions"][method="post"]').getByLabel(/^Affiliate/).fill(affiliate.email);
    await member.getByLabel('Amount').fill('25');
    await member.getByRole('button', { name: 'Record sale' }).click();
    await expect(member.getByRole('alert').innerText()).resolves.toContain('Manage payouts');
    const listed = await t.api('GET', `/conversions?campaignId=${campaign.id}`, merchant.liveKey);
    expect(listed.body.data).toEqual([]);
    await member.close();
  }, 120_000);
});
