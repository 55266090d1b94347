import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const findChromium = (): string | null => {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};
const CHROMIUM = findChromium();
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
if (!CHROMIUM) console.warn('SKIPPED the tracking script browser test: chromium was not found; install it with `apt-get install -y chromium`.');

/** The merchant's page, on its own origin: the documented snippet, a payment link, and more added later. */
const landingPage = (serviceBase: string, merchantId: string, campaign = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${serviceBase}/t.js" data-merchant="${merchantId}"${campaign ? ` data-campaign="${campaign}"` : ''} async></script>
</head><body>
<a id="buy" href="https://buy.stripe.com/test_00g5kE">Buy now</a>
<script>
  setTimeout(function () {
    var table = document.createElement('stripe-pricing-table');
    table.id = 'table';
    document.body.appendChild(table);
    var later = document.createElement('a');
    later.id = 'later';
    later.href = 'https://buy.stripe.com/test_later?prefilled_email=a%40b.c';
    document.body.appendChild(later);
  }, 400);
</script>
</body></html>`;

describe.skipIf(!CHROMIUM)('the tracking script in a real browser', () => {
  let t: TestService;
  let server: ServerType;
  let shop: Server;
  let base: string;
  let shopBase: string;
  let profile: string;
  let context: BrowserContext;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string };
  let affiliate: { id: string; trackingLink: string };

  beforeAll(async () => {
    t = await startTestService();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    m = await createMerchant(t, 'scale');
    shop = createServer((req, res) => {
      if (req.url?.startsWith('/landing')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(landingPage(base, m.id));
      } else if (req.url?.startsWith('/moved')) {
        // A page with the snippet's data-campaign: accepts ?ref= and an imported affiliate's old ?via=.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(landingPage(base, m.id, campaign.trackingCode));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    // Another origin than the service (another host name and port), as a merchant's shop is.
    shopBase = `http://localhost:${(shop.address() as AddressInfo).port}`;
    campaign = await createCampaign(t, m.liveKey, { commissionValue: 10, attributionWindowDays: 14, targetUrl: `${shopBase}/landing` });
    affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    profile = await mkdtemp(join(tmpdir(), 'affiliate-script-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM!, headless: true, args: ARGS });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => shop?.close(resolve));
    await t?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  // Page code as strings: the tests compile without the DOM library.
  const settled = async (page: Page) => {
    await page.waitForFunction('window.affiliateService && window.affiliateService.ready');
    await page.evaluate('window.affiliateService.ready');
  };
  const clickIdOn = (page: Page) => page.evaluate('window.affiliateService.clickId()') as Promise<string | null>;
  const run = (page: Page, call: string) => page.evaluate(`window.affiliateService.${call}`) as Promise<any>;

  it('tracking link → landing with click_id: cookie kept, payment links and pricing tables carry it, lead() and sale() attribute', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(affiliate.trackingLink.replace('http://localhost:3000', base));
    await page.waitForURL(/\/landing\?click_id=/);
    const landed = new URL(page.url()).searchParams.get('click_id')!;
    await settled(page);
    expect(await clickIdOn(page)).toBe(landed);

    const [cookie] = (await context.cookies(shopBase)).filter((c) => c.name === 'aff_click_id');
    expect(cookie?.value).toBe(landed);
    // Kept for the campaign's 14-day window (the service said so), not the 30-day default.
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(cookie!.expires * 1000).toBeLessThan(Date.now() + 15 * 86_400_000);

    expect(new URL(await page.getAttribute('#buy', 'href') as string).searchParams.get('client_reference_id')).toBe(landed);
    await page.waitForFunction(`document.querySelector('#table')?.getAttribute('client-reference-id') === '${landed}'`);
    await page.waitForFunction(`document.querySelector('#later')?.href.includes('client_reference_id=${landed}')`);
    expect(await page.getAttribute('#later', 'href')).toContain('prefilled_email=a%40b.c');

    const lead = await run(page, "lead({ email: 'shopper@example.com', customerId: 'cus_browser_1' })");
    expect(lead.data.linked).toBe(true);
    const sale = await run(page, "sale({ orderId: 'browser-order-1', amount: 49.5, currency: 'usd' })");
    const conversion = (await t.api('GET', `/conversions/${sale.data.conversionId}`, m.liveKey)).body.data;
    expect(conversion).toMatchObject({ affiliateId: affiliate.id, campaignId: campaign.id, clickId: landed, amount: 49.5, commission: 4.95, source: 'tracking_script', status: 'held' });
    const customers = (await t.api('GET', '/customers', m.liveKey)).body.data;
    expect(customers).toEqual([expect.objectContaining({ email: 'shopper@example.com', providerCustomerId: 'cus_browser_1', affiliateId: affiliate.id, clickId: landed, source: 'tracking_script' })]);
    expect(errors).toEqual([]);
  });

  it("an imported affiliate's old link (?via=, Rewardful's form) registers a click and attributes the sale", async () => {
    // As an import from Rewardful leaves it: the affiliate's old code `jb-007` kept as an alias.
    await t.sql(`insert into ref_code_aliases (merchant_id, alias, affiliate_id, source, created_at) values ($1, 'jb-007', $2, 'rewardful', now())`, [m.id, affiliate.id]);
    const page = await context.newPage();
    await page.goto(`${shopBase}/moved?via=JB-007`);
    await settled(page);
    const clickId = await clickIdOn(page);
    expect(clickId).toBeTruthy();
    const sale = await run(page, "sale({ orderId: 'moved-order-1', amount: 20 })");
    const conversion = (await t.api('GET', `/conversions/${sale.data.conversionId}`, m.liveKey)).body.data;
    expect(conversion).toMatchObject({ affiliateId: affiliate.id, clickId, source: 'tracking_script' });
  });

  it("every other product's old link form, and a Dub short link's key through /r/, registers a click for its affiliate and attributes the sale", async () => {
    // One affiliate per form, each with its old code kept as an import leaves it: a form the script
    // ignored would fall back to the cookie, whose click is another affiliate's.
    const forms = [
      { param: 'fpr', code: 'pat_01', source: 'firstpromoter' },
      { param: 'tolt_referral', code: 'michael_scott', source: 'tolt' },
      { param: 'ref', code: 'sam', source: 'tolt' },
      { param: 'ps_partner_key', code: 'ana-g', source: 'partnerstack' },
      { param: 'sid', code: 'ana-sub', source: 'partnerstack' },
      { param: null, code: 'eli-2025', source: 'dub' },
    ];
    for (const [i, form] of forms.entries()) {
      const moved = await createAffiliate(t, m.liveKey, campaign.id);
      await t.sql(`insert into ref_code_aliases (merchant_id, alias, affiliate_id, source, created_at) values ($1, $2, $3, $4, now())`, [m.id, form.code, moved.id, form.source]);
      const before = (await context.cookies(shopBase)).find((c) => c.name === 'aff_click_id')?.value;
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      if (form.param) {
        await page.goto(`${shopBase}/moved?utm_source=old&${form.param}=${encodeURIComponent(form.code.toUpperCase())}`);
      } else {
        // A Dub short link's key, its domain now pointed at the redirect path.
        await page.goto(`${base}/r/${campaign.trackingCode}/${form.code}`);
        await page.waitForURL(/\/landing\?click_id=/);
      }
      await settled(page);
      const clickId = await clickIdOn(page);
      expect(clickId, form.source).toBeTruthy();
      expect(clickId, form.source).not.toBe(before);
      expect((await context.cookies(shopBase)).find((c) => c.name === 'aff_click_id')?.value, form.source).toBe(clickId);
      const sale = await run(page, `sale({ orderId: 'moved-form-${i}', amount: 30 })`);
      const conversion = (await t.api('GET', `/conversions/${sale.data.conversionId}`, m.liveKey)).body.data;
      expect(conversion, form.source).toMatchObject({ affiliateId: moved.id, clickId, source: 'tracking_script' });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('a landing without click_id (stripped by an ad blocker) falls back to the cookie', async () => {
    const page = await context.newPage();
    const [cookie] = (await context.cookies(shopBase)).filter((c) => c.name === 'aff_click_id');
    await page.goto(`${shopBase}/landing?utm_source=newsletter`);
    await settled(page);
    expect(await clickIdOn(page)).toBe(cookie!.value);
    expect(new URL(await page.getAttribute('#buy', 'href') as string).searchParams.get('client_reference_id')).toBe(cookie!.value);
    // The cookie's click is the one the first test's sale came from: at most one script sale per
    // click, so a second is refused as a duplicate (an unknown click would answer not_found).
    const sale = await run(page, "sale({ orderId: 'browser-order-2', amount: 10 })");
    expect(sale?.error?.code ?? sale?.code).toBe('duplicate');
  });
});
