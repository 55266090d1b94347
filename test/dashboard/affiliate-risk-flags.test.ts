import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe("an affiliate's page shows its risk flags in words", () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;
  let owner: DashboardBrowser;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m);
    owner = (await signedInUser(t, m.id)).browser;
  });
  afterAll(() => t.close());

  it('names each flag with its sentence and links to the Review page; a clean affiliate says none', async () => {
    const created = await t.api('POST', '/affiliates', m.liveKey, { email: `flagged-${Date.now()}@mailinator.com`, campaignId: campaign.id });
    expect(created.status).toBe(201);
    const flagged = await owner.get(`/dashboard/affiliates/${created.body.data.id}`);
    expect(flagged.html).toContain('Risk flags');
    expect(flagged.html).toContain('Throwaway email:');
    expect(flagged.html).toContain('mailinator.com');
    expect(flagged.html).toContain('href="/dashboard/review?kind=affiliate"');

    const clean = await createAffiliate(t, m.liveKey, campaign.id);
    const page = await owner.get(`/dashboard/affiliates/${clean.id}`);
    expect(page.html).toContain('None: the risk checks found nothing about this affiliate.');
  });
});
