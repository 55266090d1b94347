import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestService } from './test-service.js';

const findChromium = (): string | null => {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};

/** The headless browser the dashboard's browser tests drive, or null (they are skipped, with a warning). */
export const CHROMIUM = findChromium();
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Screenshots for a reviewer, in an ignored folder. */
const SHOTS = resolve(import.meta.dirname, '../../test-results/dashboard');

export interface ChromiumSession {
  readonly base: string;
  readonly browser: Browser;
  /** Serious and critical axe findings and page errors so far, by page name. */
  readonly violations: string[];
  /** A new phone-sized page (375 px wide) that reports its script errors into `violations`. */
  newPage(): Promise<Page>;
  /** axe-core on the page (no serious or critical violation is recorded), no sideways scrolling at 375 px, a screenshot. */
  check(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** The service on a real port and a headless chromium pointed at it. */
export const startChromiumSession = async (t: TestService): Promise<ChromiumSession> => {
  await mkdir(SHOTS, { recursive: true });
  const server = await new Promise<ServerType>((done) => {
    const s = serve({ fetch: t.service.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM!, headless: true, args: ARGS });
  const violations: string[] = [];
  return {
    base,
    browser,
    violations,
    async newPage() {
      const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
      page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
      return page;
    },
    async check(page, name) {
      await page.waitForLoadState('load');
      if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.addScriptTag({ content: AXE });
      const result = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        violations.push(`${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(1);
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    },
    async close() {
      await browser.close();
      await new Promise((r) => server.close(r));
    },
  };
};
