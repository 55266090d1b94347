import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { mailedLink } from './dashboard-browser.js';
import type { TestService } from './test-service.js';

const findChromium = (): string | null => {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};

export const CHROMIUM = findChromium();
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'a long and happy password';

/**
 * The dashboard served on a local port to headless chromium at 375 px, with the checks every page
 * state gets: axe-core (no serious or critical violation), no sideways scrolling, a screenshot in
 * `test-results/<folder>` for a reviewer. Violations are collected, for the test to assert empty.
 */
export class DashboardChromium {
  readonly violations: string[] = [];
  /** Moderate axe findings as `<page>: <rule>`, for a test to hold against its list of explained ones. */
  readonly moderate: string[] = [];
  private scratch: Page | null = null;
  private constructor(
    readonly base: string,
    private readonly server: ServerType,
    private readonly browser: Browser,
    private readonly shots: string,
  ) {}

  static async start(t: TestService, folder: string): Promise<DashboardChromium> {
    const shots = resolve(import.meta.dirname, '../../test-results', folder);
    await mkdir(shots, { recursive: true });
    let server!: ServerType;
    await new Promise<void>((done) => {
      server = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done());
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM!, headless: true, args: ARGS });
    return new DashboardChromium(base, server, browser, shots);
  }

  async newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; context: BrowserContext }> {
    const context = await this.browser.newContext({ viewport: { width: 375, height: 812 }, ...options });
    const page = await context.newPage();
    // A destructive button asks `confirm()` first; the tests that press one mean it.
    page.on('dialog', (d) => void d.accept());
    page.on('pageerror', (e) => this.violations.push(`page error: ${e.message}`));
    // Anything the pages' Content-Security-Policy refuses would be broken for a merchant too.
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Content Security Policy')) this.violations.push(`${page.url()}: ${m.text()}`);
    });
    return { page, context };
  }

  /** A new user of the merchant (an owner unless told), signed in through the emailed set-password link; answers the page and the user's id. */
  async signedIn(
    t: TestService,
    merchantId: string,
    options: { javaScriptEnabled?: boolean; role?: 'owner' | 'member'; managePayouts?: boolean } = {},
  ): Promise<{ page: Page; userId: string }> {
    const { javaScriptEnabled, role = 'owner', managePayouts } = options;
    const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
    const created = await t.admin('POST', `/merchants/${merchantId}/users`, { email, role, ...(managePayouts === undefined ? {} : { managePayouts }) });
    expect(created.status).toBe(201);
    const link = await mailedLink(t, email, 'password_set');
    const { page } = await this.newPage({ javaScriptEnabled });
    await page.goto(`${this.base}${link.path}`);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.waitForURL(/\/dashboard\?notice=/);
    return { page, userId: created.body.data.id as string };
  }

  async check(page: Page, name: string): Promise<void> {
    await page.waitForLoadState('load');
    // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern (a script tag would be refused).
    if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE);
    const result = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      this.violations.push(`${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    for (const v of result.violations.filter((x) => x.impact === 'moderate')) this.moderate.push(`${name}: ${v.id}`);
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    // Names the elements past the right edge, so that a failure says what to fix.
    const wide = (overflow as number) > 1 ? await page.evaluate(`[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(-3).map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 40))`) : [];
    expect(overflow as number, `${name} scrolls sideways at 375 px: ${JSON.stringify(wide)}`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: join(this.shots, `${name}.png`), fullPage: true });
  }

  /** The same checks for a page shown without JavaScript (axe is a script): its HTML, laid out again in a scripted page of this origin. */
  async checkScriptless(page: Page, name: string): Promise<void> {
    const html = await page.content();
    this.scratch ??= (await this.newPage()).page;
    // Laid out at the page's width, or a check "at 375 px" would look at the scratch page's default width.
    const size = page.viewportSize();
    if (size) await this.scratch.setViewportSize(size);
    await this.scratch.goto(`${this.base}/dashboard/assets/dashboard.css`);
    await this.scratch.setContent(html, { waitUntil: 'load' });
    await this.check(this.scratch, name);
  }

  /**
   * Posts a form as the signed-in page would, with its CSRF token and this origin, without following
   * the redirect: for requests no page offers (another merchant's ids).
   */
  async postForm(page: Page, path: string, fields: Record<string, string>) {
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    return page.request.post(`${this.base}${path}`, { form: { ...fields, _csrf: csrf }, headers: { origin: this.base }, maxRedirects: 0 });
  }

  async close(): Promise<void> {
    await this.browser.close();
    await new Promise((r) => this.server.close(r));
  }
}
