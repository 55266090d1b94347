import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { signedInBrowser } from '../support/portal-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** What the merchant's review knows stays with the merchant: the affiliate sees their sales' statuses, nothing more. */
describe('the portal and risk review', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { businessName: 'Quiet Shop' });
  }, 120_000);
  afterAll(() => t?.close());

  it("shows a flagged, held sale's status and amount, and none of its flags, evidence or the merchant's rules", async () => {
    expect((await t.api('PATCH', '/risk/settings', m.liveKey, { actions: { disposable_email: 'hold' } })).status).toBe(200);
    const campaign = (await createCampaign(t, m.liveKey, { name: 'Autumn', commissionValue: 10, autoApproveAffiliates: true })) as { id: string; trackingCode: string };
    // Joined through the portal, as an affiliate who signs in does.
    const email = uniqueEmail('flo');
    const joining = new PortalBrowser(t);
    await joining.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    expect((await joining.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email, name: 'Flo' })).status).toBe(200);
    const [affiliate] = await t.sql<{ id: string; email: string }>('select id, email from affiliates where merchant_id = $1 and lower(email) = lower($2)', [m.id, email]);
    const sale = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId: affiliate!.id, amount: 80, orderId: 'Q-1', customerEmail: 'buyer@mailinator.com' });
    expect(sale.status).toBe(201);
    expect(sale.body.data.status).toBe('held');
    expect(sale.body.data.risk.flags.map((f: { code: string }) => f.code)).toEqual(['disposable_email']);
    const message = sale.body.data.risk.flags[0].message as string;

    const browser = await signedInBrowser(t, m.id, affiliate!.email);
    const base = `/portal/m/${m.id}`;
    const pages = [`${base}/home`, `${base}/conversions`, `${base}/conversions/${sale.body.data.id}`, `${base}/payouts`];
    const shown: string[] = [];
    for (const path of pages) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      shown.push(res.text);
    }
    const all = shown.join('\n');
    // The sale and its status are the affiliate's to see.
    expect(visibleText(shown[2]!)).toMatch(/held/i);
    expect(visibleText(shown[2]!)).toContain('80.00');
    // What the checks found, on what evidence, and under which rule, is not.
    for (const secret of [message, 'disposable_email', 'mailinator', 'throwaway', 'Throwaway', 'risk', 'Risk', 'flagged', 'Flagged', 'review', 'Review', 'evidence']) {
      expect(all, secret).not.toContain(secret);
    }
  });
});
