import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { latestSignInLink } from '../support/portal-mother.js';
import { createGoal, createTeam, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Debian's chromium (`apt-get install -y chromium`; .ci/run installs it when missing). */
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
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Screenshots for reviewers; the folder is git-ignored. */
const SHOTS = join(process.cwd(), 'test-results', 'portal');

if (!CHROMIUM) console.warn('SKIPPED the portal browser test: chromium was not found; install it with `apt-get install -y chromium`.');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the page as it is: serious and critical violations, with where they are. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  // Evaluated, not added as a script tag: the portal's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE);
  const violations = (await page.evaluate('axe.run(document).then((r) => r.violations)')) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe.skipIf(!CHROMIUM)('the affiliate portal in a real browser', () => {
  let t: TestService;
  let server: ServerType;
  let base: string;
  let profile: string;
  let context: BrowserContext;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string; name: string };

  /** Emailed links name the configured public address; the browser reaches this test server. */
  const local = (url: string) => url.replace('http://localhost:3000', base);

  const check = async (page: Page, name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    t = await startTestService();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    m = await createMerchant(t, 'scale', { businessName: 'Northwind Outfitters' });
    campaign = (await createCampaign(t, m.liveKey, {
      name: 'Trail gear',
      description: 'Boots, packs and tents for the long trail.',
      autoApproveAffiliates: true,
      commissionValue: 12,
    })) as any;
    // Connect credentials (never used here: no onboarding starts), so the payout-details page offers "Connect payouts".
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: 'sk_live_51BrowserTestKeyNeverUsed00000' })).status).toBe(200);
    await mkdir(SHOTS, { recursive: true });
    profile = await mkdtemp(join(tmpdir(), 'affiliate-portal-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM!, headless: true, args: ARGS });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('discovers a campaign, joins it, signs in by link, copies the link, sees earnings and saves payout details', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
    });

    await page.goto(`${base}/portal`);
    await check(page, '01-discovery');
    await page.getByRole('link', { name: 'Trail gear' }).click();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Trail gear');
    await check(page, '02-campaign');

    const email = uniqueEmail('browser');
    await page.getByLabel('Your name').fill('Robin Trail');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('You joined Trail gear');
    await check(page, '03-joined');

    // The emailed sign-in link (kept in the outbox: no relay in this test).
    await page.goto(local(await latestSignInLink(t, email)));
    await check(page, '04-confirm-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/portal/m/${m.id}/home`);

    // A sale arrives for the affiliate; the overview shows it by currency with the chart.
    const [affiliate] = await t.sql('select id from affiliates where lower(email) = lower($1)', [email]);
    expect((await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 250 })).status).toBe(201);
    expect((await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 80, currency: 'eur' })).status).toBe(201);
    await page.reload();
    const link = page.getByLabel('Tracking link for Trail gear');
    await expect(link.inputValue()).resolves.toMatch(new RegExp(`/r/${campaign.trackingCode}/`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    // The label changes once the copy resolved (the clipboard API answers asynchronously).
    await page.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 5_000 });
    await page.waitForSelector('#activity-chart canvas');
    const table = await page.getByRole('table', { name: /Commissions by currency/ }).innerText();
    expect(table).toContain('EUR');
    expect(table).toContain('30.00 USD');
    expect(table).toContain('9.60 EUR');
    await check(page, '05-overview');

    await page.getByRole('link', { name: 'Conversions', exact: true }).click();
    await expect(page.locator('tbody tr').count()).resolves.toBe(2);
    await check(page, '06-conversions');
    await page.locator('tbody tr a').first().click();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Conversion/);
    await check(page, '06b-conversion-detail');
    await page.getByRole('link', { name: 'Payouts', exact: true }).click();
    await check(page, '07-payouts');

    // The team page, for a leader with a goal in progress.
    const team = await createTeam(t, m, { name: 'Trail crew' });
    await staffTeam(t, m, team.id, [affiliate.id], [campaign.id]);
    expect((await t.api('PATCH', `/teams/${team.id}`, m.liveKey, { leaderAffiliateId: affiliate.id })).status).toBe(200);
    await createGoal(t, m, team.id, { name: 'Ten sales this month', metric: 'conversions', targetValue: 10, bonusValue: 50 });
    await page.goto(`${base}/portal/m/${m.id}/team`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Team Trail crew');
    await check(page, '07b-team');

    await page.getByRole('link', { name: 'Payout details', exact: true }).click();
    await page.getByRole('button', { name: 'Connect payouts' }).waitFor();
    await page.getByLabel('PayPal (email)').check();
    await page.getByLabel('Payout email (for PayPal and Wise)').fill('robin.wallet@example.com');
    await page.getByRole('button', { name: 'Save payout details' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Saved.');
    await check(page, '08-payout-details');

    await page.getByRole('link', { name: 'Tax details', exact: true }).click();
    await page.getByLabel('Name (as shown on your income tax return)').fill('Robin Hood');
    await page.getByLabel('SSN or EIN (nine digits)').fill('521-83-4796');
    await page.getByLabel('Street address').fill('1 Sherwood Way');
    await page.getByLabel('City').fill('Nottingham');
    await page.getByLabel('State (two letters)').fill('NH');
    await page.getByLabel('ZIP code').fill('03101');
    await page.getByLabel('Type your full name to sign').fill('Robin Hood');
    await page.getByLabel(/I certify the above/).check();
    await page.getByRole('button', { name: 'Sign and save tax details' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Saved. Thank you.');
    expect(await page.content()).not.toContain('521834796');
    await check(page, '08b-tax-details');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Narrow screens: nothing wider than the viewport.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/portal/m/${m.id}/home`);
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, '09-overview-375.png'), fullPage: true });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/portal/m/${m.id}/sign-in`);
    await check(page, '10-sign-in');

    // An invitation's accept page, as its emailed link opens it.
    const invited = await t.api('POST', '/affiliates/invite', m.liveKey, { email: uniqueEmail('invited'), name: 'Sam Invited', campaignId: campaign.id });
    expect(invited.status).toBe(201);
    await page.goto(`${base}/portal/m/${m.id}/invitations/${invited.body.data.id}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Trail gear/);
    await check(page, '11-invitation');

    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, 120_000);
});
