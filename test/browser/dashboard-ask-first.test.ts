import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

if (!CHROMIUM) console.warn('SKIPPED the ask-first browser test: chromium was not found; install it with `apt-get install -y chromium`.');

describe.skipIf(!CHROMIUM)('destructive buttons ask first, in a real browser with and without JavaScript', () => {
  let t: TestService;
  let session: DashboardChromium;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    session = await DashboardChromium.start(t, 'dashboard-ask-first');
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await t?.close();
  });

  const keyNamed = async (name: string) => {
    const created = await t.admin('POST', `/merchants/${m.id}/keys`, { name, mode: 'live', write: false });
    expect(created.status).toBe(201);
    return created.body.data as { id: string; key: string };
  };

  it('without JavaScript: the button opens a page that asks, and only its yes revokes', async () => {
    const key = await keyNamed('Scriptless key');
    const { page } = await session.signedIn(t, m.id, { javaScriptEnabled: false });
    await page.goto(`${session.base}/dashboard/keys`);
    await page.getByRole('button', { name: 'Revoke Scriptless key' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { name: 'Are you sure?' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Revoke the key Scriptless key? Scripts using it stop working at once.').isVisible()).resolves.toBe(true);
    await session.checkScriptless(page, 'ask-first-page');
    expect((await t.api('GET', '/me', key.key)).status).toBe(200);
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.waitForURL(/\/dashboard\/keys/);
    expect((await t.api('GET', '/me', key.key)).status).toBe(401);
  });

  it('with JavaScript: the browser asks, and an accepted question revokes without the extra page', async () => {
    const key = await keyNamed('Scripted key');
    const { page } = await session.signedIn(t, m.id);
    const asked: string[] = [];
    page.on('dialog', (d) => void asked.push(d.message()));
    await page.goto(`${session.base}/dashboard/keys`);
    await page.getByRole('button', { name: 'Revoke Scripted key' }).click();
    await page.waitForURL(/\/dashboard\/keys\?notice=/);
    expect(asked).toEqual(['Revoke the key Scripted key? Scripts using it stop working at once.']);
    expect((await t.api('GET', '/me', key.key)).status).toBe(401);
  });
});
