import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payableAffiliate, payoutCampaign, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard layout browser test: chromium was not found; install it with `apt-get install -y chromium`.');

/**
 * Moderate axe findings this test accepts, each with why. Anything moderate not listed here fails
 * the test (serious and critical ones always do).
 */
const EXPLAINED_MODERATE: Record<string, string> = {};

const NEUTRAL_TOKENS = /\b(?:mor_[abc]|app_store|wallet_a|transfer_b|Wallet A|Transfer B)\b|^\s*card\s*$/m;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Where an id is what the merchant needs: the endpoint URL to paste into a provider; the audit log's requests as they were made. */
const ID_ALLOWED = /https?:\/\/\S+|\b(?:GET|POST|PUT|PATCH|DELETE) \/\S+/g;

/** Every page a signed-in owner reaches from the navigation or a list, with data in it. */
const pagesOf = (ids: Record<string, string>): [string, string][] => [
  ['/dashboard', 'overview'],
  ['/dashboard/campaigns', 'campaigns'],
  [`/dashboard/campaigns/${ids.campaign}`, 'campaign'],
  [`/dashboard/campaigns/${ids.campaign}/edit`, 'campaign-edit'],
  ['/dashboard/affiliates', 'affiliates'],
  [`/dashboard/affiliates/${ids.affiliate}`, 'affiliate'],
  ['/dashboard/affiliates/invitations', 'invitations'],
  ['/dashboard/conversions', 'conversions'],
  [`/dashboard/conversions/${ids.conversion}/refund`, 'conversion-refund'],
  ['/dashboard/payouts', 'payouts'],
  ['/dashboard/payout-settings', 'payout-settings'],
  ['/dashboard/coupons', 'coupons'],
  [`/dashboard/coupons/${ids.coupon}`, 'coupon'],
  ['/dashboard/teams', 'teams'],
  [`/dashboard/teams/${ids.team}`, 'team'],
  [`/dashboard/teams/${ids.team}/edit`, 'team-edit'],
  ['/dashboard/awards', 'awards'],
  ['/dashboard/integrations', 'integrations'],
  [`/dashboard/integrations/${ids.integration}`, 'integration'],
  ['/dashboard/webhooks', 'webhooks'],
  [`/dashboard/webhooks/${ids.webhook}`, 'webhook'],
  ['/dashboard/keys', 'keys'],
  ['/dashboard/connectors', 'connectors'],
  ['/dashboard/settings', 'settings'],
  ['/dashboard/users', 'users'],
  ['/dashboard/notifications', 'notifications'],
  ['/dashboard/audit-log', 'audit-log'],
  ['/dashboard/account', 'account'],
  ['/dashboard/search?q=ada', 'search'],
];

describe.skipIf(!CHROMIUM)('the dashboard layout at 1280 and 375 px', () => {
  let t: TestService;
  let receiver: WebhookReceiver;
  let session: DashboardChromium;
  let merchant: TestMerchant;
  let owner: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [receiver.host] });
    merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    session = await DashboardChromium.start(t, 'dashboard-layout');
    owner = (await session.signedIn(t, merchant.id)).page;
    const campaign = await createCampaign(t, merchant.liveKey, { name: 'Autumn launch', commissionType: 'percentage', commissionValue: 20 });
    const ada = await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Ada Lovelace', email: 'ada.layout@example.com' });
    const payouts = await payoutCampaign(t, merchant);
    const paid = await payableAffiliate(t, merchant.id, payouts.id, 'wallet_a');
    await approvedSale(t, merchant.liveKey, payouts.id, paid.id, 25);
    const sale = await t.api('POST', '/conversions', merchant.liveKey, { campaignId: campaign.id, affiliateId: ada.id, amount: 120, orderId: 'ORD-LAYOUT-1', customerEmail: 'buyer@example.com' });
    await t.api('PATCH', `/conversions/${sale.body.data.id}`, merchant.liveKey, { status: 'approved' });
    const coupon = await t.api('POST', '/coupons', merchant.liveKey, { code: 'ADA15', campaignId: campaign.id, affiliateId: ada.id, percentOff: 15 });
    const team = await t.api('POST', '/teams', merchant.liveKey, { name: 'Closers' });
    const integration = await t.api('POST', '/integrations', merchant.liveKey, { provider: 'card', name: 'Main card account', signingSecret: 'whsec_layout' });
    const webhook = await t.api('POST', '/webhooks', merchant.liveKey, { url: receiver.url('/layout'), events: ['conversion.created'] });
    const invitation = await t.api('POST', '/affiliates/invite', merchant.liveKey, { email: 'invitee.layout@example.com', campaignId: campaign.id });
    for (const [name, res] of Object.entries({ sale, coupon, team, integration, webhook, invitation })) expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
    await runJobs(t);
    Object.assign(ids, { campaign: campaign.id, affiliate: ada.id, conversion: sale.body.data.id, coupon: coupon.body.data.id, team: team.body.data.id, integration: integration.body.data.id, webhook: webhook.body.data.id });
    for (const [name, id] of Object.entries(ids)) expect(id, name).toMatch(/^[0-9a-f-]{36}$/);
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await t?.close();
    await receiver?.close();
  });

  it('shows every page with nothing serious for axe and no sideways scroll, the sidebar at 1280 px and the menu at 375 px', async () => {
    const shown: [string, string][] = [];
    for (const width of [1280, 375]) {
      await owner.setViewportSize({ width, height: 900 });
      for (const [path, name] of pagesOf(ids)) {
        expect((await owner.goto(`${session.base}${path}`))?.status(), path).toBe(200);
        await session.check(owner, `${name}-${width}`);
        if (width === 1280) shown.push([path, await owner.locator('main').innerText()]);
        const sidebar = owner.locator('nav.main');
        const menu = owner.locator('details.menu');
        expect(await sidebar.isVisible(), `${path} sidebar at ${width}`).toBe(width === 1280);
        expect(await menu.isVisible(), `${path} menu at ${width}`).toBe(width === 375);
      }
    }
    // What a person reads names things: never an API token for a provider or method, never a bare id.
    for (const [path, text] of shown) {
      expect(text, path).not.toMatch(NEUTRAL_TOKENS);
      expect(text.replace(ID_ALLOWED, ''), path).not.toMatch(UUID);
    }
    expect(session.violations).toEqual([]);
    expect(session.moderate.filter((m) => !(m.split(': ')[1]! in EXPLAINED_MODERATE))).toEqual([]);
  }, 600_000);

  it('turns each table row into a card of labelled values at 375 px, with every action inside the screen', async () => {
    await owner.setViewportSize({ width: 375, height: 900 });
    for (const path of ['/dashboard/conversions', '/dashboard/affiliates', '/dashboard/payouts', '/dashboard/coupons', '/dashboard/affiliates/invitations', '/dashboard/webhooks']) {
      await owner.goto(`${session.base}${path}`);
      const shape = (await owner.evaluate(`(() => {
        const row = document.querySelector('.as-cards tbody tr');
        const head = document.querySelector('.as-cards thead');
        const width = document.documentElement.clientWidth;
        // Nothing a merchant can press is cut off at the right edge.
        const clipped = [...document.querySelectorAll('main button, main a.button, main td a')]
          .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > width + 1)
          .map((e) => e.textContent);
        return { row: row && getComputedStyle(row).display, head: head && head.getBoundingClientRect().height, labelled: document.querySelectorAll('.as-cards tbody td[data-label]').length, clipped };
      })()`)) as { row: string; head: number; labelled: number; clipped: string[] };
      expect(shape.row, path).toBe('block');
      expect(shape.head, path).toBeLessThanOrEqual(1);
      expect(shape.labelled, path).toBeGreaterThan(0);
      const clipped = shape.clipped;
      expect(clipped, path).toEqual([]);
    }
  });

  it('opens the menu at 375 px without JavaScript and follows a link from it', async () => {
    const { page } = await session.newPage({ javaScriptEnabled: false });
    await page.context().addCookies(await owner.context().cookies());
    await page.goto(`${session.base}/dashboard`);
    const menu = page.locator('details.menu');
    expect(await menu.getByRole('link', { name: 'Conversions' }).isVisible()).toBe(false);
    await menu.locator('summary').click();
    await menu.getByRole('link', { name: 'Conversions' }).click();
    await page.waitForURL(`${session.base}/dashboard/conversions`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Conversions');
    await session.checkScriptless(page, 'menu-without-script-375');
    expect(session.violations).toEqual([]);
  });

  it('hides from a member the links that would answer 403, and shows the groups to an owner', async () => {
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`${session.base}/dashboard`);
    const side = owner.locator('nav.main');
    expect(await side.locator('.nav-heading').allInnerTexts()).toEqual(['PROGRAM', 'MONEY', 'INTEGRATIONS', 'SETTINGS']);
    expect(await side.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(1);
    expect(await side.getByRole('link', { name: 'Review', exact: true }).getAttribute('href')).toBe('/dashboard/review');

    const member = (await session.signedIn(t, merchant.id, { role: 'member' })).page;
    await member.setViewportSize({ width: 1280, height: 900 });
    await member.goto(`${session.base}/dashboard`);
    expect(await member.locator('nav.main').getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    expect((await member.goto(`${session.base}/dashboard/settings`))?.status()).toBe(403);
    await member.goto(`${session.base}/dashboard`);
    for (const a of await member.locator('nav.main a:not([download])').all()) {
      const href = (await a.getAttribute('href'))!;
      if (href === '/dashboard/review') continue;
      expect((await member.request.get(`${session.base}${href}`, { maxRedirects: 0 })).status(), href).toBe(200);
    }
  });
});
