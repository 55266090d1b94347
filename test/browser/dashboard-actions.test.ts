import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard actions browser test: chromium was not found; install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)('running the program from the dashboard in a real browser: coupon edits, bulk decisions, batch mark-paid, deleting an integration', () => {
  let t: TestService;
  let session: DashboardChromium;
  let merchant: TestMerchant;
  let page: Page;

  /** A user of the merchant who set a password through the emailed link (which signs in). */
  const signIn = async (fields: { role: 'owner' | 'member'; managePayouts?: boolean }) => (await session.signedIn(t, merchant.id, fields)).page;
  const status = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status as string;

  beforeAll(async () => {
    t = await startTestService();
    // Automatic payouts: approvals queue payout rows.
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true });
    session = await DashboardChromium.start(t, 'dashboard');
    page = await signIn({ role: 'owner' });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await t?.close();
  });

  it('registers a coupon with its promotion code id and changes the id from its page', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Coupon campaign' });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    await page.goto(`${session.base}/dashboard/coupons`);
    await session.check(page, 'coupons-register');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Register a coupon' }) });
    await form.getByLabel('Code (as customers enter it)').fill('browser15');
    await form.getByLabel('Campaign').selectOption({ label: 'Coupon campaign' });
    await form.getByLabel(/^Affiliate/).fill(affiliate.email);
    await form.getByLabel('Stripe: promotion code id (promo_…)').fill('promo_first');
    await form.getByLabel('Percent off').fill('15');
    await form.getByRole('button', { name: 'Register coupon' }).click();
    await page.waitForURL(/\/dashboard\/coupons\/[0-9a-f-]{36}\?notice=/);
    const id = /coupons\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Coupon BROWSER15');
    await session.check(page, 'coupon-detail');

    // A malformed id is refused beside its field; then a good one is saved.
    await page.getByLabel('Promotion code id on Stripe (promo_…)').fill('not-a-promo');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForLoadState('load');
    await expect(page.locator('#cardPromotionCodeId-error').innerText()).resolves.toContain('promo_');
    await session.check(page, 'coupon-detail-error');
    await page.getByLabel('Promotion code id on Stripe (promo_…)').fill('promo_second');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/notice=Coupon%20saved/);
    expect((await t.api('GET', `/coupons/${id}`, merchant.liveKey)).body.data).toMatchObject({ code: 'BROWSER15', cardPromotionCodeId: 'promo_second', percentOff: '15.00' });

    // The list filters as the API does, and opens the coupon from its row.
    await page.goto(`${session.base}/dashboard/coupons`);
    await page.getByLabel('Code', { exact: true }).fill('browser15');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/code=browser15/);
    await page.getByRole('link', { name: 'Edit coupon BROWSER15' }).click();
    await page.waitForURL(new RegExp(`/dashboard/coupons/${id}$`));
    expect(session.violations).toEqual([]);
  }, 120_000);

  it('approves the selected conversions, confirms the one above 5x its sale in the dialog, and rejects others', async () => {
    const campaign = await createCampaign(t, merchant.liveKey, { commissionType: 'fixed', commissionValue: 50 });
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const sale = async (amount: number, orderId: string) => (await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount, orderId })).body.data.id as string;
    const fine = await sale(100, 'bulk-fine');
    const above = await sale(5, 'bulk-above');
    const toReject = [await sale(70, 'bulk-no-1'), await sale(80, 'bulk-no-2')];

    await page.goto(`${session.base}/dashboard/conversions`);
    await session.check(page, 'conversions-with-selection');
    await page.getByLabel('Select the conversion of 100.00 USD (order bulk-fine)').check();
    await page.getByLabel('Select the conversion of 5.00 USD (order bulk-above)').check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const dialog = page.getByRole('dialog', { name: /Approve a commission above 5× its sale/ });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(page.getByText('1 approved, 1 wait for your confirmation.').count()).resolves.toBe(1);
    expect(await status(fine)).toBe('approved');
    expect(await status(above)).toBe('pending');
    await session.check(page, 'conversions-bulk-dialog');
    // Cancel closes the question and leaves what happened to each row in view.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.isVisible()).resolves.toBe(false);
    const outcomes = page.getByRole('region', { name: 'What happened to each selected conversion' });
    await expect(outcomes.getByRole('row', { name: /100\.00 USD \(order bulk-fine\).*Done: now approved/ }).count()).resolves.toBe(1);
    await expect(outcomes.getByRole('row', { name: /5\.00 USD \(order bulk-above\).*Waits for confirmation/ }).count()).resolves.toBe(1);
    await session.check(page, 'conversions-bulk-result');
    expect(await status(above)).toBe('pending');
    await page.getByLabel('Select the conversion of 5.00 USD (order bulk-above)').check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await dialog.getByRole('button', { name: 'Approve anyway' }).click();
    await page.waitForURL(/notice=1%20conversion%20approved/);
    expect(await status(above)).toBe('approved');

    await page.getByLabel('Select the conversion of 70.00 USD (order bulk-no-1)').check();
    await page.getByLabel('Select the conversion of 80.00 USD (order bulk-no-2)').check();
    await page.getByRole('button', { name: 'Reject selected' }).click();
    await page.waitForURL(/notice=2%20conversions%20rejected/);
    await expect(page.getByRole('status').filter({ hasText: '2 conversions rejected.' }).isVisible()).resolves.toBe(true);
    for (const id of toReject) expect(await status(id)).toBe('rejected');
    expect(session.violations).toEqual([]);
  }, 120_000);

  it("marks the payouts of an uploaded CSV paid and shows each row's outcome; a member without Manage payouts is not offered it", async () => {
    const campaign = await createCampaign(t, merchant.liveKey);
    const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
    const conversions: string[] = [];
    for (const amount of [30, 45]) {
      const created = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount });
      expect((await t.api('PATCH', `/conversions/${created.body.data.id}`, merchant.liveKey, { status: 'approved' })).status).toBe(200);
      conversions.push(created.body.data.id);
    }
    await t.admin('POST', '/jobs/run');
    const payouts = [];
    for (const id of conversions) payouts.push((await t.sql(`select id from payouts where conversion_id = $1`, [id]))[0].id as string);

    // The page's own export, cut down to the rows this affiliate was paid, as a merchant would.
    await page.goto(`${session.base}/dashboard/payouts`);
    const exported = await (await page.request.get(`${session.base}/dashboard/payouts.csv`)).text();
    const lines = exported.split('\r\n');
    const file = [lines[0], ...lines.filter((l) => l.includes(`"${affiliate.id}"`))].join('\r\n');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Mark several paid' }) });
    await form.getByLabel('CSV file').setInputFiles({ name: 'paid.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await form.getByLabel('Paid by').selectOption('wallet_a');
    await form.getByRole('button', { name: 'Mark these paid' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: '2 payouts marked paid.' }).isVisible()).resolves.toBe(true);
    const results = page.getByRole('region', { name: 'What happened to each payout handed in' });
    await expect(results.getByText('Marked paid').count()).resolves.toBe(2);
    await session.check(page, 'payouts-marked-several');
    for (const id of conversions) expect(await status(id)).toBe('paid');
    const completed = (await t.api('GET', '/payouts?status=completed&limit=100', merchant.liveKey)).body.data.map((p: { id: string }) => p.id);
    expect(completed).toEqual(expect.arrayContaining(payouts));

    // Handed in again: refused as a whole, each row saying why.
    await page.goto(`${session.base}/dashboard/payouts`);
    await form.getByLabel('Or payout ids').fill(payouts.join('\n'));
    await form.getByLabel('Paid by').selectOption('wallet_a');
    await form.getByRole('button', { name: 'Mark these paid' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('alert').innerText()).resolves.toContain('completed');
    await expect(page.getByText('Cannot be marked paid: it is completed').count()).resolves.toBe(2);
    await session.check(page, 'payouts-mark-several-refused');

    const member = await signIn({ role: 'member', managePayouts: false });
    await member.goto(`${session.base}/dashboard/payouts`);
    await expect(member.getByRole('heading', { name: 'Mark several paid' }).count()).resolves.toBe(0);
    await session.check(member, 'payouts-member');
    await member.close();
    expect(session.violations).toEqual([]);
  }, 120_000);

  it('deletes an integration after the confirmation; the API and its endpoint no longer know it', async () => {
    const integration = (await t.api('POST', '/integrations', merchant.liveKey, { provider: 'card', name: 'Retired card account', signingSecret: 'whsec_retired' })).body.data;
    await page.goto(`${session.base}/dashboard/integrations/${integration.id}`);
    await session.check(page, 'integration-detail-with-delete');
    await page.getByRole('button', { name: 'Delete the integration Retired card account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Retired card account?' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await session.check(page, 'integration-delete-dialog');
    await dialog.getByRole('link', { name: 'Keep it' }).click();
    await page.waitForLoadState('load');
    expect((await t.api('GET', `/integrations/${integration.id}`, merchant.liveKey)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete the integration Retired card account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete integration' }).click();
    await page.waitForURL(/\/dashboard\/integrations\?notice=/);
    await expect(page.getByText('Retired card account').count()).resolves.toBe(0);
    expect((await t.api('GET', `/integrations/${integration.id}`, merchant.liveKey)).status).toBe(404);
    expect((await t.request('POST', new URL(integration.endpointUrl).pathname, { body: {} })).status).toBe(404);
    expect(session.violations).toEqual([]);
  }, 120_000);
});
