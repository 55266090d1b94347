import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard names browser test: chromium was not found; install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)('names, search, filters and the affiliate page in a real browser', () => {
  let t: TestService;
  let session: DashboardChromium;
  let merchant: TestMerchant;
  let page: Page;
  let campaign: { id: string };
  let ada: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true });
    session = await DashboardChromium.start(t, 'dashboard-names');
    page = (await session.signedIn(t, merchant.id)).page;
    campaign = await createCampaign(t, merchant.liveKey, { name: 'Autumn launch' });
    ada = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ada Lovelace', email: 'ada.browser@example.com' });
    const grace = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Grace Hopper', email: 'grace.browser@example.com' });
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: ada.id, amount: 120, orderId: 'ORD-1001', customerEmail: 'buyer@example.com', customerName: 'Bea Buyer' });
    await t.api('PATCH', `/conversions/${sale.body.data.id}`, merchant.liveKey, { status: 'approved' });
    await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: grace.id, amount: 4500, currency: 'jpy', orderId: 'ORD-1002' });
    await t.api('POST', '/coupons', merchant.liveKey, { code: 'ADA15', campaignId: campaign.id, affiliateId: ada.id, percentOff: 15 });
    await t.admin('POST', '/jobs/run');
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await t?.close();
  });

  /** Each page at 375 and 1280 px: axe, no sideways scroll at 375, a screenshot of each. */
  const both = async (path: string, name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${session.base}${path}`);
      await session.check(page, `${name}-${width}`);
    }
    await page.setViewportSize({ width: 375, height: 812 });
  };

  it('shows names, filters, searches and the affiliate page with nothing serious for axe at 375 and 1280 px', async () => {
    await both('/dashboard/conversions', 'conversions');
    await both(`/dashboard/conversions?affiliateId=${ada.id}&range=30d`, 'conversions-filtered');
    await both('/dashboard/search?q=ada', 'search');
    await both(`/dashboard/affiliates/${ada.id}`, 'affiliate');
    await both(`/dashboard/campaigns/${campaign.id}`, 'campaign');
    await both('/dashboard/payouts', 'payouts');
    await both('/dashboard/coupons', 'coupons');
    await both('/dashboard', 'overview');
    expect(session.violations).toEqual([]);
  }, 120_000);

  it('searches from the header and records a sale by typing the affiliate, the picker searching as one types', async () => {
    await page.goto(`${session.base}/dashboard`);
    await page.getByRole('searchbox', { name: /Search affiliates/ }).fill('bea buyer');
    await page.getByRole('searchbox', { name: /Search affiliates/ }).press('Enter');
    await page.waitForURL(/\/dashboard\/search\?q=bea/);
    await page.getByRole('link', { name: /Order ORD-1001/ }).click();
    await page.waitForURL(/\/dashboard\/conversions\?id=/);
    await expect(page.locator('#list').innerText()).resolves.toContain('Ada Lovelace');

    await page.goto(`${session.base}/dashboard/conversions`);
    const field = page.locator('section', { has: page.getByRole('heading', { name: 'Record a sale' }) }).getByLabel(/Affiliate/);
    await field.pressSequentially('grac');
    await expect.poll(() => page.locator('#affiliateId-options option').evaluateAll((os) => os.map((o) => o.getAttribute('value')))).toEqual(['Grace Hopper <grace.browser@example.com>']);
    await field.fill('Grace Hopper <grace.browser@example.com>');
    await page.getByLabel('Amount').fill('42');
    await page.getByLabel('Order id').fill('picked-in-browser');
    await page.getByRole('button', { name: 'Record sale' }).click();
    await page.waitForURL(/notice=/);
    await session.check(page, 'sale-recorded');
    const [row] = await t.sql(`select affiliate_id from conversions where order_id = 'picked-in-browser'`);
    expect(row.affiliate_id).not.toBe(ada.id);
    expect(session.violations).toEqual([]);
  });
});
