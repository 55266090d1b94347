import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChain } from '../support/app-store-signing.js';
import { cardEvent, cardIntegration, deliver, newId } from '../support/card-events.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payableAffiliate, payoutCampaign, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';


if (!CHROMIUM) console.warn('SKIPPED the dashboard batch file and integration browser test: chromium was not found; install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)('the payout batch file and integration changes in a real browser', () => {
  let t: TestService;
  let session: DashboardChromium;
  let merchant: TestMerchant;
  let page: Page;

  /** A user of the merchant who set a password through the emailed link (which signs in). */
  const signIn = async (fields: { role: 'owner' | 'member'; managePayouts?: boolean }) => (await session.signedIn(t, merchant.id, fields)).page;

  beforeAll(async () => {
    const chain = await makeChain();
    t = await startTestService({ appStoreRootCertPaths: [chain.rootPath], appStoreOnlineChecks: false });
    // Live payouts without provider credentials wait for the manual path: what the batch file pays.
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    session = await DashboardChromium.start(t, 'dashboard');
    page = await signIn({ role: 'owner' });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await t?.close();
  });

  it('prepares the PayPal file, downloads the API’s file, marks exactly its payouts paid; a member without Manage payouts gets the file only', async () => {
    const campaign = await payoutCampaign(t, merchant);
    const conversions: string[] = [];
    for (const amounts of [[20, 5], [12.5]]) {
      const affiliate = await payableAffiliate(t, merchant.id, campaign.id, 'wallet_a');
      for (const amount of amounts) conversions.push(await approvedSale(t, merchant.liveKey, campaign.id, affiliate.id, amount));
    }
    await runJobs(t);
    const api = await t.request('GET', '/api/v1/payouts/export?method=wallet_a&currency=usd', { key: merchant.liveKey });

    await page.goto(`${session.base}/dashboard/payouts`);
    await session.check(page, 'payouts-with-batch-file');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Batch file for PayPal or Wise' }) });
    // A currency the API refuses: said beside the field.
    await form.getByLabel('Affiliates paid by').selectOption('wallet_a');
    await form.getByLabel('Currency').fill('us');
    await form.getByRole('button', { name: 'Prepare the batch file' }).click();
    await page.waitForLoadState('load');
    await expect(page.locator('#currency-error').isVisible()).resolves.toBe(true);
    await session.check(page, 'payouts-batch-file-error');

    await form.getByLabel('Currency').fill('usd');
    await form.getByRole('button', { name: 'Prepare the batch file' }).click();
    await page.waitForURL(/\/dashboard\/payouts\/export\?method=wallet_a&currency=usd/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Batch file: wallet_a, USD');
    await expect(page.getByText('2 affiliates, 3 payouts, 37.50 USD in all.').count()).resolves.toBe(1);
    await session.check(page, 'payout-batch-file');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download payouts-paypal-usd.csv' }).click()]);
    expect(download.suggestedFilename()).toBe('payouts-paypal-usd.csv');
    expect(await readFile((await download.path())!, 'utf8')).toBe(api.body);

    // A member without Manage payouts reads the file, as such a team-member key does, but is not offered the marking.
    const member = await signIn({ role: 'member', managePayouts: false });
    await member.goto(`${session.base}/dashboard/payouts/export?method=wallet_a&currency=usd`);
    await expect(member.getByRole('link', { name: 'Download payouts-paypal-usd.csv' }).count()).resolves.toBe(1);
    await expect(member.getByRole('button', { name: /Mark these/ }).count()).resolves.toBe(0);
    await session.check(member, 'payout-batch-file-member');
    await member.close();

    await page.getByRole('button', { name: 'Mark these 3 payouts paid' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: '3 payouts marked paid.' }).isVisible()).resolves.toBe(true);
    const results = page.getByRole('region', { name: 'What happened to each payout handed in' });
    await expect(results.getByText('Marked paid').count()).resolves.toBe(3);
    await session.check(page, 'payout-batch-file-marked-paid');
    for (const id of conversions) expect((await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status).toBe('paid');
    const paidIds = (api.headers.get('x-payout-ids') ?? '').split(',');
    expect(await t.sql(`select distinct status from payouts where id = any($1::uuid[])`, [paidIds])).toEqual([{ status: 'completed' }]);

    await page.goto(`${session.base}/dashboard/payouts/export?method=wallet_a&currency=usd`);
    await expect(page.getByText('Nothing is due to affiliates paid by wallet_a in USD.').count()).resolves.toBe(1);
    expect(session.violations).toEqual([]);
  }, 120_000);

  it("renames an integration, replaces its secret (refusals beside the field, the secret never shown), changes an app, and pages its events log", async () => {
    const card = await cardIntegration(t, merchant.liveKey, 'Card account');
    await page.goto(`${session.base}/dashboard/integrations/${card.id}`);
    await session.check(page, 'integration-detail-with-changes');
    await page.getByLabel('Integration name').fill('Main card account');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.waitForURL(/notice=Name%20saved/);
    await expect(page.getByLabel('Integration name').inputValue()).resolves.toBe('Main card account');
    expect((await t.api('GET', `/integrations/${card.id}`, merchant.liveKey)).body.data.name).toBe('Main card account');

    await page.getByLabel('New signing secret').fill('too short');
    await page.getByRole('button', { name: 'Replace the signing secret' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('alert').innerText()).resolves.toContain('signingSecret');
    await expect(page.locator('#signingSecret-error').innerText()).resolves.toContain('8 to 500 characters');
    await expect(page.getByLabel('New signing secret').inputValue()).resolves.toBe('');
    await session.check(page, 'integration-secret-refused');
    const rotated = `whsec_${newId('browser')}`;
    await page.getByLabel('New signing secret').fill(rotated);
    await page.getByRole('button', { name: 'Replace the signing secret' }).click();
    await page.waitForURL(/notice=Signing%20secret%20replaced/);
    expect(await page.content()).not.toContain(rotated);
    const ping = () => cardEvent('customer.created', { id: `cus_${newId('c')}`, object: 'customer', metadata: {} });
    expect((await deliver(t, card.id, ping(), card.secret)).status).toBe(400);
    expect((await deliver(t, card.id, ping(), rotated)).status).toBe(200);

    // 22 deliveries in all, more than a page of 20: previous / next, no total.
    for (let i = 0; i < 21; i += 1) expect((await deliver(t, card.id, ping(), rotated)).status).toBe(200);
    await page.goto(`${session.base}/dashboard/integrations/${card.id}`);
    const log = page.getByRole('region', { name: 'Provider events, newest first' });
    await expect(log.getByRole('row').count()).resolves.toBe(21);
    await page.getByRole('link', { name: 'Next →' }).click();
    await page.waitForURL(/page=2/);
    await expect(log.getByRole('row').count()).resolves.toBe(3);
    await expect(page.getByText('in all').count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Next →' }).count()).resolves.toBe(0);
    await session.check(page, 'integration-events-page-2');
    await page.getByRole('link', { name: '← Previous' }).click();
    await page.waitForURL(/page=1/);
    await expect(log.getByRole('row').count()).resolves.toBe(21);

    const app = (await t.api('POST', '/integrations', merchant.liveKey, { provider: 'app_store', bundleId: 'com.example.first', appAppleId: 111, name: 'iOS' })).body.data;
    await page.goto(`${session.base}/dashboard/integrations/${app.id}`);
    await expect(page.getByLabel('New signing secret').count()).resolves.toBe(0);
    await page.getByLabel('Apple ID of the app').fill('');
    await page.getByRole('button', { name: 'Save app' }).click();
    await page.waitForLoadState('load');
    await expect(page.locator('#appAppleId-error').innerText()).resolves.toContain('required for a live integration');
    await session.check(page, 'integration-app-refused');
    await page.getByLabel('Bundle id').fill('com.example.second');
    await page.getByLabel('Apple ID of the app').fill('222');
    await page.getByRole('button', { name: 'Save app' }).click();
    await page.waitForURL(/notice=App%20saved/);
    expect((await t.api('GET', `/integrations/${app.id}`, merchant.liveKey)).body.data).toMatchObject({ bundleId: 'com.example.second', appAppleId: 222 });
    expect(session.violations).toEqual([]);
  }, 120_000);
});
