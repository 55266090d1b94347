import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the Review page browser test: chromium was not found; install it with `apt-get install -y chromium`.');

/** The Review page and the risk rules in headless chromium at 1280 and 375 px: axe finds nothing serious, nothing scrolls sideways. */
describe.skipIf(!CHROMIUM)('reviewing risk in a real browser', () => {
  let t: TestService;
  let chrome: DashboardChromium;
  let merchant: TestMerchant;
  let page: Page;
  const sales: Record<string, string> = {};
  let bob: { id: string };

  const status = async (id: string) => (await t.api('GET', `/conversions/${id}`, merchant.liveKey)).body.data.status as string;
  const atBothWidths = async (name: string) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await chrome.check(page, `${name}-${width}`);
    }
  };

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'ultimate');
    chrome = await DashboardChromium.start(t, 'dashboard-review');
    ({ page } = await chrome.signedIn(t, merchant.id));
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Spring sale', commissionValue: 10 });
    const ann = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ann Archer' });
    bob = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Bob Baker' });
    const sale = async (name: string, affiliateId: string, body: Record<string, unknown>) => {
      const res = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId, ...body });
      expect(res.status).toBe(201);
      sales[name] = res.body.data.id;
    };
    await sale('throwaway', ann.id, { amount: 40, orderId: 'A-100', customerEmail: 'buyer@mailinator.com' });
    await sale('held', bob.id, { amount: 55.5, orderId: 'B-300' });
    await t.api('PATCH', `/conversions/${sales.held}`, merchant.liveKey, { status: 'held' });
    await t.sql(
      `insert into risk_flags (id, merchant_id, mode, subject_kind, subject_id, code, message, evidence, action, created_at)
       values (gen_random_uuid(), $1, 'live', 'affiliate', $2, 'shared_payout_details', 'Another affiliate of yours has the same payout email.', $3::jsonb, 'flag', now())`,
      [merchant.id, bob.id, JSON.stringify([bob.id, ann.id])],
    );
  }, 120_000);
  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  it('approves a flagged sale and bans a flagged affiliate through the page, each asked first', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${chrome.base}/dashboard/review`);
    expect(await page.getByRole('link', { name: /Review 3 waiting/ }).count()).toBe(1);
    await atBothWidths('review');
    // On a phone the closed menu says that something waits, without being opened.
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await page.locator('details.menu > summary').innerText()).toMatch(/^Menu\s+3/);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Select the sale of 40.00 USD (order A-100)').check();
    await page.getByRole('button', { name: 'Approve selected sales' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('dialog').getByText('Approve 1 sale?').count()).toBe(1);
    await atBothWidths('review-approve-question');
    expect(await status(sales.throwaway!)).toBe('pending');
    await page.getByRole('button', { name: 'Approve 1 sale' }).click();
    await page.waitForURL(/notice=/);
    expect(await status(sales.throwaway!)).toBe('approved');

    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByLabel('Select the affiliate Bob Baker').check();
    await page.getByLabel('Reason for the ban').fill('Shares a payout email with Ann');
    await page.getByRole('button', { name: 'Ban selected affiliates' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('dialog').getByText('Ban 1 affiliate?').count()).toBe(1);
    await atBothWidths('review-ban-question');
    await page.getByRole('button', { name: 'Ban 1 affiliate' }).click();
    await page.waitForURL(/notice=/);
    expect(await t.sql('select reason from affiliate_bans where affiliate_id = $1', [bob.id])).toEqual([{ reason: 'Shares a payout email with Ann' }]);
    expect(await status(sales.held!)).toBe('rejected');
    await page.goto(`${chrome.base}/dashboard/review?status=all`);
    await atBothWidths('review-all');
    await page.goto(`${chrome.base}/dashboard/review`);
    expect(await page.getByText('Nothing waits for review').count()).toBe(1);
    await atBothWidths('review-empty');
    expect(chrome.violations).toEqual([]);
  }, 120_000);

  it('saves the risk rules, marking a wrong field beside it', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${chrome.base}/dashboard/review`);
    await page.getByRole('link', { name: 'Risk rules' }).click();
    await page.waitForURL(/risk-settings/);
    await atBothWidths('risk-rules');
    await page.getByLabel('Too fast after the click').selectOption('hold');
    await page.getByLabel('Banned referrers').fill('coupon-spam.example\nnot a domain');
    await page.getByRole('button', { name: 'Save risk rules' }).click();
    await page.waitForLoadState('load');
    await expect(page.locator('[id="bannedReferrerDomains-error"]').innerText()).resolves.toContain('line 2');
    await atBothWidths('risk-rules-error');
    await page.getByLabel('Banned referrers').fill('coupon-spam.example');
    await page.getByRole('button', { name: 'Save risk rules' }).click();
    await page.waitForURL(/notice=/);
    const saved = (await t.api('GET', '/risk/settings', merchant.liveKey)).body.data;
    expect(saved).toMatchObject({ actions: { fast_conversion: 'hold' }, bannedReferrerDomains: ['coupon-spam.example'] });
    expect(chrome.violations).toEqual([]);
  }, 120_000);
});
