import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const PAGES = ['/dashboard', '/dashboard/campaigns', '/dashboard/conversions', '/dashboard/payouts', '/dashboard/payout-settings', '/dashboard/integrations', '/dashboard/account'];

describe('PAYOUT_LIVE_SANDBOX=1 in the dashboard', () => {
  let t: TestService;
  let owner: DashboardBrowser;

  beforeAll(async () => {
    t = await startTestService({ payoutLiveSandbox: true });
    const merchant = await createMerchant(t, 'scale');
    owner = (await signedInUser(t, merchant.id)).browser;
  }, 120_000);
  afterAll(() => t?.close());

  it('shows the banner on every page, in live and in test mode', async () => {
    for (const path of PAGES) {
      const res = await owner.get(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain('PAYOUT_LIVE_SANDBOX is on');
    }
    await owner.post('/dashboard/mode', { mode: 'test' });
    expect((await owner.get('/dashboard/conversions')).html).toContain('PAYOUT_LIVE_SANDBOX is on');
  });
});
