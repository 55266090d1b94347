import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser } from '../support/portal-browser.js';
import { latestSignInLink } from '../support/portal-mother.js';
import { payoutOf, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const CHROMIUM = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Screenshots for reviewers; the folder is git-ignored. */
const SHOTS = join(process.cwd(), 'test-results', 'portal');

const seriousViolations = async (page: Page): Promise<string[]> => {
  // Evaluated, not added as a script tag: the portal's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE);
  const violations = (await page.evaluate('axe.run(document).then((r) => r.violations)')) as { id: string; impact: string | null; help: string }[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help}`);
};

/** The affiliate downloads its self-billing invoices in the portal. */
describe.skipIf(!CHROMIUM)('portal invoices in a real browser', () => {
  let t: TestService;
  let server: ServerType;
  let base: string;
  let profile: string;
  let context: BrowserContext;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    m = await createMerchant(t, 'scale', { businessName: 'Invoice Outfitters', automaticPayouts: true, payoutHoldingDays: 0 });
    await mkdir(SHOTS, { recursive: true });
    profile = await mkdtemp(join(tmpdir(), 'portal-invoices-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM!, headless: true, args: ARGS, acceptDownloads: true });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('lists the invoices with a PDF each, accessible at 1280 and 375 pixels', async () => {
    const campaign = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true, commissionType: 'percentage', commissionValue: 100 });
    const email = uniqueEmail('invoiced');
    const joiner = new PortalBrowser(t);
    await joiner.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    await joiner.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email });
    const [affiliate] = await t.sql('select id from affiliates where lower(email) = lower($1) and merchant_id = $2', [email, m.id]);
    expect((await t.admin('POST', `/affiliates/${affiliate.id}/payout-details`, { method: 'wallet_a', email })).status).toBe(200);

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/portal/m/${m.id}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.goto((await latestSignInLink(t, email)).replace('http://localhost:3000', base));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/portal/m/${m.id}/home`);

    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(page.getByText('No invoices yet').count()).resolves.toBe(1);

    const sale = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 42, orderId: 'ORDER-77' });
    expect((await t.api('PATCH', `/conversions/${sale.body.data.id}`, m.liveKey, { status: 'approved' })).status).toBe(200);
    await runJobs(t);
    const row = await payoutOf(t, m.liveKey, sale.body.data.id);
    expect((await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [row!.id] })).status).toBe(200);

    await page.reload();
    const table = await page.getByRole('table', { name: /Invoices and credit notes/ }).innerText();
    expect(table).toContain('SB-000001');
    expect(table).toContain('42.00 USD');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, '12-invoices.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download SB-000001 (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe('SB-000001.pdf');
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, '12-invoices-375.png'), fullPage: true });

    // Another affiliate's invoice is not found, and signed out the page asks to sign in.
    const other = new PortalBrowser(t);
    const [invoice] = await t.sql('select id from invoices where affiliate_id = $1', [affiliate.id]);
    expect((await other.get(`/portal/m/${m.id}/invoices/${invoice.id}/pdf`)).status).not.toBe(200);
    expect(errors).toEqual([]);
  });
});
