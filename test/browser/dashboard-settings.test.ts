import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTxtResolver } from '../fakes/fake-txt-resolver.js';
import { createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard settings browser test: chromium was not found; install it with `apt-get install -y chromium`.');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The settings and notifications pages in headless chromium at 1280 and 375 px: axe finds nothing serious, nothing scrolls sideways. */
describe.skipIf(!CHROMIUM)('settings and notifications in a real browser', () => {
  let t: TestService;
  let chrome: DashboardChromium;
  let merchant: TestMerchant;
  let page: Page;

  beforeAll(async () => {
    t = await startTestService({}, undefined, { txtResolver: new FakeTxtResolver() });
    merchant = await createMerchant(t, 'ultimate');
    chrome = await DashboardChromium.start(t, 'dashboard-settings');
    ({ page } = await chrome.signedIn(t, merchant.id));
  }, 120_000);
  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  it('saves settings through the forms and shows the domain record, the logo and the notices', async () => {
    await page.goto(`${chrome.base}/dashboard/settings`);
    await page.locator('input[name=businessName]').fill('Acme Studio');
    await page.getByRole('button', { name: 'Save business settings' }).click();
    await page.waitForURL(/notice=/);
    await page.locator('input[name=customDomain]').fill('affiliates.acme.example');
    await page.getByRole('button', { name: 'Save domain' }).click();
    await page.waitForURL(/notice=/);
    await page.locator('input[name=brandColour]').fill('#1a73e8');
    await page.locator('input[name=logo]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.waitForURL(/notice=/);
    expect(await page.getByText('_affiliate-verification.affiliates.acme.example').count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Acme Studio logo' }).count()).toBe(1);

    // A notice for the list: an application to a campaign that reviews them.
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Spring', autoApproveAffiliates: false });
    await t.admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email: 'grace@example.com', name: 'Grace', campaignId: campaign.id });

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${chrome.base}/dashboard/settings`);
      await chrome.check(page, `settings-${width}`);
      await page.goto(`${chrome.base}/dashboard/notifications`);
      expect(await page.getByText('Grace (grace@example.com) applied to join Spring.').count()).toBe(1);
      await chrome.check(page, `notifications-${width}`);
    }
    expect(chrome.violations).toEqual([]);
  }, 120_000);
});
