import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { rewardfulProgram } from '../fixtures/rewardful-program.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { startHostedStub, type HostedStub } from '../support/hosted-api-stubs.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { runJobs } from '../support/payout-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the dashboard import browser test: chromium was not found; install it with `apt-get install -y chromium`.');

const REWARDFUL_KEY = 'rw_secret_browser_789';

/** Moving in from the dashboard without JavaScript: upload or a hosted product's keys, preview with reasons, import, progress; axe at 1280 and 375 px. */
describe.skipIf(!CHROMIUM)('the dashboard import in a real browser', () => {
  let t: TestService;
  let chrome: DashboardChromium;
  let from: TestMerchant;
  let into: TestMerchant;
  let page: Page;
  let zip: Buffer;
  let rewardful: HostedStub;

  beforeAll(async () => {
    rewardful = await startHostedStub({ source: 'rewardful', data: rewardfulProgram(), apiKey: REWARDFUL_KEY, maxPage: 2 });
    t = await startTestService({}, undefined, { hostedApi: new HttpHostedApi({ rewardful: rewardful.url }) });
    from = await createMerchant(t, 'scale');
    into = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, from.liveKey, { name: 'Moving campaign' });
    await createAffiliate(t, from.liveKey, campaign.id, { name: 'Mona Mover' });
    const res = await t.service.app.request('/api/v1/exports', { headers: { authorization: `Bearer ${from.liveKey}` } }, peerEnv());
    zip = Buffer.from(await res.arrayBuffer());
    chrome = await DashboardChromium.start(t, 'dashboard-import');
    ({ page } = await chrome.signedIn(t, into.id, { javaScriptEnabled: false }));
  }, 120_000);
  afterAll(async () => {
    await chrome?.close();
    await t?.close();
    await rewardful?.close();
  });

  const upload = async (button: string, files: { name: string; mimeType: string; buffer: Buffer }[]) => {
    await page.locator('input[name=files]').last().setInputFiles(files);
    await page.getByRole('button', { name: button }).last().click();
    await page.waitForURL(/\/dashboard\/import\/[0-9a-f-]{36}$/);
    return page.url();
  };

  it('previews the zip with what it would create and each refused row, then imports it with a progress bar', async () => {
    await page.goto(`${chrome.base}/dashboard`);
    expect(await page.getByRole('link', { name: 'Import a program' }).count()).toBe(1);
    await page.goto(`${chrome.base}/dashboard/import`);
    const bad = { name: 'affiliates.csv', mimeType: 'text/csv', buffer: Buffer.from('id,email,name\r\nx-1,,Nobody\r\n') };
    const preview = await upload('Preview (dry run)', [{ name: 'program.zip', mimeType: 'application/zip', buffer: zip }, bad]);
    // The zip's affiliates.csv is replaced by the loose file of the same name, given last.
    expect(await page.locator('progress').count()).toBe(1);
    await runJobs(t);
    await page.goto(preview);
    expect(await page.getByText('Dry run completed.').count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'email is required' }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'Moving campaign' }).count()).toBe(1);
    expect((await t.sql('select count(*)::int as n from campaigns where merchant_id = $1', [into.id]))[0].n).toBe(0);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(preview);
      await chrome.checkScriptless(page, `import-preview-${width}`);
    }

    const imported = await upload('Import', [{ name: 'program.zip', mimeType: 'application/zip', buffer: zip }]);
    const running = await page.request.get(imported);
    expect(running.headers().refresh).toBe('2');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${chrome.base}/dashboard/import`);
      await chrome.checkScriptless(page, `import-form-${width}`);
    }
    await runJobs(t);
    await page.goto(imported);
    expect(await page.getByText('Import completed.').count()).toBe(1);
    expect((await page.request.get(imported)).headers().refresh).toBeUndefined();
    expect((await t.sql(`select name from affiliates where merchant_id = $1`, [into.id])).map((r) => r.name)).toEqual(['Mona Mover']);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(imported);
      await chrome.checkScriptless(page, `import-done-${width}`);
    }
    expect(chrome.violations).toEqual([]);
  }, 180_000);

  it("carries the file's campaign into one the merchant chose on the preview's page, and the run's page says so", async () => {
    const mover = await createMerchant(t, 'scale');
    const existing = await createCampaign(t, mover.liveKey, { name: 'Existing campaign' });
    const { page: own } = await chrome.signedIn(t, mover.id, { javaScriptEnabled: false });
    const submit = async (button: string) => {
      await own.locator('input[name=files]').last().setInputFiles([{ name: 'program.zip', mimeType: 'application/zip', buffer: zip }]);
      await own.getByRole('button', { name: button }).last().click();
      await own.waitForURL(/\/dashboard\/import\/[0-9a-f-]{36}$/);
      return own.url();
    };
    await own.goto(`${chrome.base}/dashboard/import`);
    const preview = await submit('Preview (dry run)');
    await runJobs(t);
    await own.goto(preview);
    const select = own.getByLabel('Moving campaign');
    expect(await select.locator('option:checked').textContent()).toBe('Create a new campaign');
    expect(await select.locator('option').allTextContents()).toEqual(['Create a new campaign', 'Into Existing campaign']);
    for (const width of [1280, 375]) {
      await own.setViewportSize({ width, height: 900 });
      await own.goto(preview);
      await chrome.checkScriptless(own, `import-map-preview-${width}`);
    }

    await own.getByLabel('Moving campaign').selectOption({ label: 'Into Existing campaign' });
    const imported = await submit('Import');
    await runJobs(t);
    await own.goto(imported);
    expect(await own.getByText('Import completed.').count()).toBe(1);
    expect(await own.getByRole('link', { name: 'Existing campaign' }).count()).toBe(1);
    expect(await t.sql('select id from campaigns where merchant_id = $1', [mover.id])).toEqual([{ id: existing.id }]);
    const members = await t.sql('select a.name, ms.campaign_id from affiliates a join affiliate_memberships ms on ms.affiliate_id = a.id where a.merchant_id = $1', [mover.id]);
    expect(members).toEqual([{ name: 'Mona Mover', campaign_id: existing.id }]);
    for (const width of [1280, 375]) {
      await own.setViewportSize({ width, height: 900 });
      await own.goto(imported);
      await chrome.checkScriptless(own, `import-map-done-${width}`);
    }
    expect(chrome.violations).toEqual([]);
  }, 180_000);

  it('stops a queued import from its page', async () => {
    await page.goto(`${chrome.base}/dashboard/import`);
    const url = await upload('Import', [{ name: 'program.zip', mimeType: 'application/zip', buffer: zip }]);
    await page.getByRole('button', { name: 'Stop this import' }).click();
    await page.waitForURL(url);
    expect(await page.getByText('Import cancelled.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Stop this import' }).count()).toBe(0);
  }, 60_000);

  it('refuses a file outside the format with its reason and starts nothing', async () => {
    await page.goto(`${chrome.base}/dashboard/import`);
    const runs = (await t.sql('select count(*)::int as n from imports where merchant_id = $1', [into.id]))[0].n;
    await page.locator('input[name=files]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('id\r\n1\r\n') });
    await page.getByRole('button', { name: 'Preview (dry run)' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByText(/people\.csv is not a file of the format/).count()).toBe(1);
    expect((await t.sql('select count(*)::int as n from imports where merchant_id = $1', [into.id]))[0].n).toBe(runs);
  }, 60_000);

  it('reads a program from Rewardful with its key: dry run, preview, import, progress; a refused key says why', async () => {
    const shots = async (name: string) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await chrome.checkScriptless(page, `${name}-${width}`);
      }
    };
    const submit = async (button: string) => {
      await page.getByRole('button', { name: button }).last().click();
      await page.waitForURL(/\/dashboard\/import\/[0-9a-f-]{36}$/);
      return page.url();
    };
    await page.goto(`${chrome.base}/dashboard/import`);
    await page.getByRole('link', { name: 'Rewardful' }).click();
    await page.waitForURL(/source=rewardful$/);
    expect(await page.getByLabel('API secret').getAttribute('type')).toBe('password');
    await shots('import-hosted-form');

    // A key of spaces passes the browser's `required`; the use case refuses it, beside the field.
    await page.getByLabel('API secret').fill('   ');
    await page.getByRole('button', { name: 'Preview (dry run)' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('alert').getByText('API secret is required for Rewardful').count()).toBe(1);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await chrome.checkScriptless(page, `import-hosted-refused-${width}`);
    }

    await page.goto(`${chrome.base}/dashboard/import?source=rewardful`);
    await page.getByLabel('API secret').fill('rw_not_the_key');
    const refused = await submit('Preview (dry run)');
    await runJobs(t);
    await page.goto(refused);
    expect(await page.getByText('Dry run from Rewardful failed.').count()).toBe(1);
    expect(await page.getByRole('alert').getByText(/Rewardful refused the API key \(401/).count()).toBe(1);
    await shots('import-hosted-failed');

    await page.getByRole('link', { name: 'Start again from Rewardful' }).click();
    await page.getByLabel('API secret').fill(REWARDFUL_KEY);
    const preview = await submit('Preview (dry run)');
    await runJobs(t);
    await page.goto(preview);
    expect(await page.getByText('Dry run from Rewardful completed.').count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'James Bond' }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'email is required' }).count()).toBe(1);
    expect(await page.content()).not.toContain(REWARDFUL_KEY);
    await shots('import-hosted-preview');

    await page.getByLabel('API secret').fill(REWARDFUL_KEY);
    const imported = await submit('Import');
    expect(await page.locator('progress').count()).toBe(1);
    await runJobs(t);
    await page.goto(imported);
    expect(await page.getByText('Import from Rewardful completed.').count()).toBe(1);
    expect((await t.sql(`select count(*)::int as n from affiliates where merchant_id = $1 and email in ('james@example.com', 'eve@example.com')`, [into.id]))[0].n).toBe(2);
    await shots('import-hosted-done');
    expect(chrome.violations).toEqual([]);
  }, 180_000);
});
