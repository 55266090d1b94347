import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../../adapters/porting/zip-entries.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

/** The dashboard's download of the whole program: the API's zip, behind the session. */
describe('dashboard program export', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let owner: DashboardBrowser;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, merchant.liveKey);
    await createAffiliate(t, merchant.liveKey, campaign.id, { name: 'Dana Download' });
    owner = (await signedInUser(t, merchant.id)).browser;
  }, 120_000);
  afterAll(() => t?.close());

  it('the overview offers the download, which answers the zip of the documented files', async () => {
    const overview = await owner.get('/dashboard');
    expect(overview.html).toContain('href="/dashboard/export"');
    const res = await t.service.app.request('/dashboard/export', { headers: { cookie: owner.cookieHeader() } }, peerEnv());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = zipEntries(Buffer.from(await res.arrayBuffer()));
    expect(files.get('affiliates.csv')?.toString()).toContain('Dana Download');
    expect([...files.keys()]).toContain('webhooks.csv');
  });

  it('without a session there is no download', async () => {
    const res = await new DashboardBrowser(t).get('/dashboard/export');
    expect(res.status).not.toBe(200);
    expect(res.headers.get('content-type')).not.toBe('application/zip');
  });
});
