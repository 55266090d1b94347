import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('a destructive form asks first, with or without a script', () => {
  let t: TestService;
  let m: TestMerchant;
  let owner: DashboardBrowser;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    owner = (await signedInUser(t, m.id)).browser;
  });
  afterAll(() => t.close());

  const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

  it('answers the question as a page when the form comes unconfirmed, and acts only once it is confirmed', async () => {
    await owner.get('/dashboard/keys');
    const created = await owner.post('/dashboard/keys', { name: 'Old script', mode: 'live', write: 'on' });
    const token = /<code class="secret" id="new-key">([^<]+)</.exec(created.html)![1]!;
    const keyId = (await t.sql(`select id from api_keys where merchant_id = $1 and name = 'Old script'`, [m.id]))[0].id as string;

    // The list's revoke form carries its question, as the browser sends it.
    const listed = await owner.get('/dashboard/keys');
    const question = hidden(listed.html, 'ask-first');
    expect(question).toContain('Revoke the key Old script?');
    const asked = await owner.post(`/dashboard/keys/${keyId}/revoke`, { 'ask-first': question!, 'ask-yes': 'Yes, revoke' });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Revoke the key Old script?');
    expect(asked.html).toContain('Yes, revoke');
    expect(hidden(asked.html, 'confirmed')).toBe('yes');
    expect(asked.html).toContain('Keep it');
    // Nothing was done yet, and the audit row says why.
    expect((await t.api('GET', '/me', token)).status).toBe(200);
    const audit = await t.sql(`select status, error_code from audit_log where merchant_id = $1 and path = $2`, [m.id, `/dashboard/keys/${keyId}/revoke`]);
    expect(audit).toEqual([{ status: 200, error_code: 'confirmation_required' }]);

    const confirmed = await owner.post(`/dashboard/keys/${keyId}/revoke`, { 'ask-first': question!, 'ask-yes': 'Yes, revoke', confirmed: 'yes' });
    expect(confirmed.status).toBe(303);
    expect((await t.api('GET', '/me', token)).status).toBe(401);
  });

  it('leaves forms without a question as they were', async () => {

    const posted = await owner.post('/dashboard/keys', { name: 'Plain', mode: 'live' });
    expect(posted.status).toBe(201);
  });
});
