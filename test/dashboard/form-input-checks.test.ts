import { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWith } from '../../adapters/dashboard/page-kit.js';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { dataFingerprint } from '../support/openapi-walk.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * The dashboard's and the portal's forms get the checks API bodies get: text PostgreSQL cannot store
 * as sent (NUL and other control characters) is a 400 naming the field, not a 500,
 * and writes nothing.
 */
describe('browser forms refuse unstorable text', () => {
  let t: TestService;
  let m: TestMerchant;
  let owner: DashboardBrowser;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    owner = (await signedInUser(t, m.id)).browser;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a dashboard form with a NUL in a field answers 400 naming it, audited, and creates nothing', async () => {
    await owner.get('/dashboard/campaigns');
    for (const name of ['Spring\u0000sale', 'bell\u0007']) {
      const before = await dataFingerprint(t);
      const res = await owner.post('/dashboard/campaigns', { name, commissionType: 'percentage', commissionValue: '15' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.html).toContain('Check name');
      expect(res.html).toContain('control characters');
      expect(await dataFingerprint(t)).toBe(before);
    }
    const [audited] = await t.sql(`select status, error_code from audit_log where merchant_id = $1 and path = '/dashboard/campaigns' and method = 'POST' order by created_at desc limit 1`, [m.id]);
    expect(audited).toMatchObject({ status: 400, error_code: 'validation_error' });
    // Line breaks and tabs are text a textarea sends: still accepted.
    const created = await owner.post('/dashboard/campaigns', { name: 'Two\r\nlines\tand a tab', commissionType: 'percentage', commissionValue: '15' });
    expect(created.status).toBe(303);
  });

  it('a form value decoded further (a JSON field) is checked again where the route body schema applies', () => {
    const parsed = parseWith(z.object({ tiers: z.array(z.object({ label: z.string() })) }), { tiers: JSON.parse('[{"label":"a\\u0000b"}]') });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.details).toEqual([{ field: 'tiers.0.label', message: expect.stringContaining('control characters') }]);
  });

  it('a dashboard query value with a control character is refused with 400 naming it', async () => {
    const res = await owner.get('/dashboard/conversions?search=a%00b');
    expect(res.status).toBe(400);
    expect(res.html).toContain('Check search');
  });

  it('a portal form with a NUL answers 400 on the form and creates no affiliate', async () => {
    const campaign = await createCampaign(t, m.liveKey, { name: 'Open house' });
    const browser = new PortalBrowser(t);
    await browser.get(`/portal/m/${m.id}/c/${campaign.trackingCode}`);
    const email = uniqueEmail('nul');
    const before = await dataFingerprint(t);
    const res = await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email, name: 'Jo\u0000Iner' });
    expect(res.status).toBe(400);
    expect(visibleText(res.text)).toContain('Check name');
    expect(await t.sql('select 1 from affiliates where lower(email) = lower($1)', [email])).toHaveLength(0);
    // The refusal's audit row is the only write.
    const [audited] = await t.sql(`select status from audit_log where merchant_id = $1 and path like '%/join' order by created_at desc limit 1`, [m.id]);
    expect(audited).toMatchObject({ status: 400 });
    expect(await dataFingerprint(t)).toBe(before);
    const joined = await browser.post(`/portal/m/${m.id}/c/${campaign.trackingCode}/join`, { email, name: 'Jo Iner' });
    expect(joined.status).toBe(200);
  });
});
