import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard data browser test: chromium was not found; install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)("an affiliate's notes and tags and a campaign's chart in a real browser", () => {
  let t: TestService;
  let session: DashboardChromium;
  let merchant: TestMerchant;
  let page: Page;
  let campaign: { id: string };
  let ada: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    session = await DashboardChromium.start(t, 'dashboard-data');
    page = (await session.signedIn(t, merchant.id)).page;
    campaign = await createCampaign(t, merchant.liveKey, { name: 'Winter sale' });
    ada = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ada Lovelace', email: 'ada.data@example.com' });
    const grace = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Grace Hopper', email: 'grace.data@example.com' });
    for (let n = 0; n < 20; n += 1) {
      await t.sql(`insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at) values ($1, $2, 'live', $3, $4, $5, now() - make_interval(days => $6))`, [
        randomUUID(),
        merchant.id,
        campaign.id,
        n % 3 === 0 ? grace.id : ada.id,
        randomUUID(),
        n % 12,
      ]);
    }
    for (const [who, amount] of [[ada.id, 80], [ada.id, 120], [grace.id, 40]] as const) {
      await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: who, amount });
    }
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await t?.close();
  });

  const both = async (path: string, name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${session.base}${path}`);
      await session.check(page, `${name}-${width}`);
    }
  };

  it('edits notes and tags on the affiliate page, and shows both pages with nothing serious for axe at 375 and 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${session.base}/dashboard/affiliates/${ada.id}`);
    await page.getByText('Edit name, email, notes and tags').click();
    await page.getByRole('textbox', { name: 'Tags' }).fill('newsletter, VIP');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Writes a weekly newsletter about tooling.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/notice=/);
    await expect(page.getByRole('list', { name: 'Tags' }).innerText()).resolves.toContain('VIP');
    await both(`/dashboard/affiliates/${ada.id}`, 'affiliate');
    await both('/dashboard/affiliates?tag=vip&range=30d', 'affiliates-by-tag');
    await both(`/dashboard/campaigns/${campaign.id}`, 'campaign');
    await both(`/dashboard/campaigns/${campaign.id}?range=7d`, 'campaign-7d');
    await both('/dashboard/awards?range=year', 'awards-year');
    expect(session.violations).toEqual([]);
  }, 120_000);
});
