import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, DashboardChromium } from '../support/dashboard-chromium.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

describe.skipIf(!CHROMIUM)('the OAuth consent page in a real headless browser', () => {
  let t: TestService;
  let session: DashboardChromium;
  let merchant: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    session = await DashboardChromium.start(t, 'oauth-consent');
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    await t?.close();
  });

  it('shows the connector and the scopes, accessible at 375 px, and approving returns to the connector with a code', async () => {
    const registered = await t.service.app.request('/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Desk Assistant', redirect_uris: [REDIRECT] }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const { page } = await session.signedIn(t, merchant.id, { role: 'member', managePayouts: false });
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', scope: 'read write manage_payouts', state: 's1' });
    await page.goto(`${session.base}/dashboard/oauth/authorize?${query}`);
    await expect(page.getByText('Desk Assistant')).toBeTruthy();
    expect(await page.content()).toContain('not granted');
    await session.check(page, 'consent');

    // The connector's address is not served here: answer it in the browser.
    await page.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>ok</title>' }));
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/127\.0\.0\.1:9\/callback/);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('code')).toMatch(/^mcpc_/);

    await page.goto(`${session.base}/dashboard/connectors`);
    expect(await page.content()).toContain('Desk Assistant');
    await session.check(page, 'connectors');
    expect(session.violations).toEqual([]);
  });
});
