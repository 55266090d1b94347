import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('the coupons and invitations lists filter by date', () => {
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

  it('shows the coupons registered in the chosen days only, the form keeping the days', async () => {
    const ada = await createAffiliate(t, m.liveKey, campaign.id);
    for (const code of ['OLDCODE', 'NEWCODE']) expect((await t.api('POST', '/coupons', m.liveKey, { code, campaignId: campaign.id, affiliateId: ada.id })).status).toBe(201);
    await t.sql(`update coupons set created_at = '2025-03-10T12:00:00Z' where merchant_id = $1 and code = 'OLDCODE'`, [m.id]);
    const march = await owner.get('/dashboard/coupons?from=2025-03-01&to=2025-03-31');
    expect(march.html).toContain('OLDCODE');
    expect(march.html).not.toContain('NEWCODE');
    expect(march.html).toContain('value="2025-03-01"');
    const all = await owner.get('/dashboard/coupons');
    expect(all.html).toContain('OLDCODE');
    expect(all.html).toContain('NEWCODE');
  });

  it('shows the invitations sent in the chosen days only', async () => {
    for (const email of ['old-invite@example.com', 'new-invite@example.com']) {
      expect((await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id })).status).toBe(201);
    }
    await t.sql(`update affiliate_invitations set created_at = '2025-03-10T12:00:00Z' where merchant_id = $1 and email = 'old-invite@example.com'`, [m.id]);
    const march = await owner.get('/dashboard/affiliates/invitations?from=2025-03-01&to=2025-03-31');
    expect(march.html).toContain('old-invite@example.com');
    expect(march.html).not.toContain('new-invite@example.com');
    const recent = await owner.get('/dashboard/affiliates/invitations?range=7d');
    expect(recent.html).toContain('new-invite@example.com');
    expect(recent.html).not.toContain('old-invite@example.com');
  });
});
