import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTxtResolver } from '../fakes/fake-txt-resolver.js';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let owner: DashboardBrowser;
const dns = new FakeTxtResolver();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeAll(async () => {
  t = await startTestService({}, undefined, { txtResolver: dns });
  merchant = await createMerchant(t, 'ultimate');
  owner = (await signedInUser(t, merchant.id)).browser;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const merchantRow = async () => (await t.admin('GET', `/merchants/${merchant.id}`)).body.data;

describe('merchant settings page', () => {
  it('changes the operator fields under the operator API rules, refusing bad input and changing nothing', async () => {
    await owner.get('/dashboard/settings');
    const before = (await merchantRow()).businessName;
    const bad = await owner.post('/dashboard/settings/business', { businessName: '', payoutHoldingDays: '-1', invitationExpiryDays: '400', reportingCurrency: 'euro' });
    expect(bad.status).toBe(400);
    for (const field of ['businessName', 'payoutHoldingDays', 'invitationExpiryDays', 'reportingCurrency']) expect(bad.html).toContain(`id="${field}-error"`);
    expect((await merchantRow()).businessName).toBe(before);

    const saved = await owner.post('/dashboard/settings/business', { businessName: 'Acme Studio', payoutHoldingDays: '45', invitationExpiryDays: '30', reportingCurrency: 'EUR' });
    expect(saved.status).toBe(303);
    const after = await merchantRow();
    expect(after).toMatchObject({ businessName: 'Acme Studio', payoutHoldingDays: 45, invitationExpiryDays: 30, reportingCurrency: 'eur' });
    const audit = await t.sql(`select actor, path, status from audit_log where merchant_id = $1 and path = '/dashboard/settings/business' order by created_at`, [merchant.id]);
    expect(audit.map((a) => a.status)).toEqual([400, 303]);
    expect(audit[0].actor).toMatch(/^user:/);
  });

  it('sets and removes the website under the operator API rule', async () => {
    const bad = await owner.post('/dashboard/settings/business', { businessName: 'Acme Studio', websiteUrl: 'ftp://shop.example.com', payoutHoldingDays: '30', invitationExpiryDays: '14', reportingCurrency: 'USD' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="websiteUrl-error"');
    expect((await merchantRow()).websiteUrl).toBeNull();
    expect((await owner.post('/dashboard/settings/business', { businessName: 'Acme Studio', websiteUrl: ' https://shop.example.com ', payoutHoldingDays: '30', invitationExpiryDays: '14', reportingCurrency: 'USD' })).status).toBe(303);
    expect((await merchantRow()).websiteUrl).toBe('https://shop.example.com');
    expect((await owner.get('/dashboard/settings')).html).toContain('value="https://shop.example.com"');
    expect((await owner.post('/dashboard/settings/business', { businessName: 'Acme Studio', websiteUrl: '', payoutHoldingDays: '30', invitationExpiryDays: '14', reportingCurrency: 'USD' })).status).toBe(303);
    expect((await merchantRow()).websiteUrl).toBeNull();
  });

  it('shows a TXT record for a new domain; the job verifies it once published and the portal answers there', async () => {
    expect((await owner.post('/dashboard/settings/domain', { customDomain: 'https://bad domain' })).status).toBe(400);
    expect((await owner.post('/dashboard/settings/domain', { customDomain: 'Affiliates.Acme.example' })).status).toBe(303);
    const pending = await owner.get('/dashboard/settings');
    expect(pending.html).toContain('affiliates.acme.example</strong>: waiting for the DNS record');
    const name = /<code>(_affiliate-verification\.[^<]+)<\/code>/.exec(pending.html)![1]!;
    const value = /<code>(affiliate-verification=[^<]+)<\/code>/.exec(pending.html)![1]!;
    expect(name).toBe('_affiliate-verification.affiliates.acme.example');

    // Not published yet: still pending, not the merchant's domain.
    await t.admin('POST', '/jobs/run');
    expect((await merchantRow()).customDomain).toBeNull();

    dns.publish(name, [value.slice(0, 10), value.slice(10)]);
    const checked = await owner.post('/dashboard/settings/domain/check');
    expect(decodeURIComponent(checked.location ?? '')).toContain('Domain verified');
    expect((await merchantRow()).customDomain).toBe('affiliates.acme.example');
    expect((await owner.get('/dashboard/settings')).html).toContain('Your portal answers at <strong>affiliates.acme.example</strong> (verified)');
  });

  it('marks a domain failed after the window and leaves a notice saying what to do in the dashboard', async () => {
    expect((await owner.post('/dashboard/settings/domain', { customDomain: 'never.acme.example' })).status).toBe(303);
    await t.sql(`update merchant_settings set domain_requested_at = now() - interval '4 days' where merchant_id = $1`, [merchant.id]);
    await t.admin('POST', '/jobs/run');
    const page = await owner.get('/dashboard/settings');
    expect(page.html).toContain('never.acme.example</strong>: not found');
    const notices = await t.sql(`select kind, message from notifications where merchant_id = $1 and kind = 'custom_domain_failed'`, [merchant.id]);
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain('Settings → Portal domain');
    expect(notices[0].message).not.toMatch(/\/api\/|PATCH|POST/);
    // The verified domain stays in use while another is being proven.
    expect((await merchantRow()).customDomain).toBe('affiliates.acme.example');
  });

  it('keeps a small logo and a hex colour, which the portal shows', async () => {
    const badColour = await owner.postMultipart('/dashboard/settings/branding', { brandColour: 'blue' });
    expect(badColour.status).toBe(400);
    expect(badColour.html).toContain('id="brandColour-error"');
    const svg = await owner.postMultipart('/dashboard/settings/branding', { brandColour: '#123' }, { logo: { name: 'x.svg', text: '<svg onload="alert(1)"/>', type: 'image/svg+xml' } });
    expect(svg.status).toBe(400);
    expect(svg.html).toContain('id="logo-error"');
    const big = await owner.postMultipart('/dashboard/settings/branding', { brandColour: '#123' }, { logo: { name: 'big.png', bytes: new Uint8Array(70 * 1024).fill(0).map((_, i) => PNG[i] ?? 0), type: 'image/png' } });
    expect(big.status).toBe(400);
    const ok = await owner.postMultipart('/dashboard/settings/branding', { brandColour: '#1A73e8' }, { logo: { name: 'logo.png', bytes: PNG, type: 'image/png' } });
    expect(ok.status).toBe(303);
    const portal = await t.request('GET', `/portal/m/${merchant.id}/`);
    expect(portal.body).toContain('src="data:image/png;base64,');
    const css = await t.request('GET', `/portal/m/${merchant.id}/brand.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.body).toContain('#1a73e8');
  });

  it('saves the email notice choices', async () => {
    expect((await owner.post('/dashboard/settings/notices', { new_application: 'on', failures: 'on' })).status).toBe(303);
    const [row] = await t.sql(`select email_notices from merchant_settings where merchant_id = $1`, [merchant.id]);
    expect(row.email_notices).toEqual(['new_application', 'failures']);
    const page = await owner.get('/dashboard/settings');
    expect(page.html).toMatch(/name="new_application" checked/);
    expect(page.html).not.toMatch(/name="first_sale" checked/);
  });

  it('is for owners only', async () => {
    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: true })).browser;
    expect((await member.get('/dashboard/settings')).status).toBe(403);
    expect((await member.post('/dashboard/settings/business', { businessName: 'Taken over' })).status).toBe(403);
    expect((await merchantRow()).businessName).toBe('Acme Studio');
  });
});
