import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

if (!CHROMIUM) console.warn('SKIPPED the /docs browser test: chromium was not found (/usr/bin/chromium or on PATH); install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)(`/docs in a real headless browser${CHROMIUM ? '' : ' (SKIPPED: chromium not found; apt-get install -y chromium)'}`, () => {
  let t: TestService;
  let server: ServerType;
  let base: string;
  let profile: string;
  let context: BrowserContext;

  beforeAll(async () => {
    t = await startTestService();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profile = await mkdtemp(join(tmpdir(), 'affiliate-docs-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM!, headless: true, args: ARGS });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('renders every operation of the document, from the service alone (no request leaves it)', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    const operations = Object.values<Record<string, unknown>>(doc.paths).flatMap((item) =>
      Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)),
    ).length;

    const page = await context.newPage();
    const foreign: string[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const response = await page.goto(`${base}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.opblock-summary-path', { timeout: 60_000 });
    await page.waitForFunction(`document.querySelectorAll('.opblock-summary-path').length >= ${operations}`, undefined, { timeout: 60_000 });

    await expect(page.title()).resolves.toBe('Affiliate service API reference');
    await expect(page.locator('.info .title').first().innerText()).resolves.toContain('Affiliate service API');
    const paths = await page.locator('.opblock-summary-path').allInnerTexts();
    const normalized = paths.map((p) => p.replace(/\u200b/g, '').trim());
    for (const path of ['/conversions', '/conversions/{id}', '/campaigns', '/affiliates/invite', '/webhooks/{id}/rotate', '/me']) {
      expect(normalized, path).toContain(path);
    }
    expect(normalized.length).toBeGreaterThanOrEqual(operations);
    // The webhook events are rendered too.
    await expect(page.getByText('conversion.approved', { exact: true }).first().isVisible()).resolves.toBe(true);
    // Opening an operation shows its responses, error codes included.
    await page.locator('#operations-Conversions-patchConversionsById .opblock-summary').click();
    await page.waitForSelector('#operations-Conversions-patchConversionsById .responses-table');
    const responses = await page.locator('#operations-Conversions-patchConversionsById .response-col_status').allInnerTexts();
    expect(responses.map((s) => s.trim())).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429']));

    if (process.env.DOCS_SCREENSHOT) await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: false });
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 120_000);
});
