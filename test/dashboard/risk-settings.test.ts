import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
let merchant: TestMerchant;
let owner: DashboardBrowser;

beforeAll(async () => {
  t = await startTestService();
  merchant = await createMerchant(t, 'ultimate');
  owner = (await signedInUser(t, merchant.id)).browser;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const settings = async () => (await t.api('GET', '/risk/settings', merchant.liveKey)).body.data;

/** Every field of the form, as the page shows it for the saved rules. */
const formOf = (html: string): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input name="([^"]+)" type="number" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  for (const m of html.matchAll(/<select name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[m[1]!] = /<option value="([^"]*)" selected/.exec(m[2]!)?.[1] ?? '';
  for (const m of html.matchAll(/<textarea name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) fields[m[1]!] = m[2]!;
  return fields;
};

describe('risk rules page', () => {
  it('shows the defaults and saves a change through the API rules, audited', async () => {
    const shown = await owner.get('/dashboard/risk-settings');
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('These are the defaults');
    const form = formOf(shown.html);
    expect(form).toMatchObject({ 'actions.self_referral': 'refuse', 'actions.unconfirmed_script_sale': 'hold', 'actions.fast_conversion': 'flag', fastConversionSeconds: '10', paidAds: 'allowed', scriptSales: 'on' });

    const saved = await owner.post('/dashboard/risk-settings', {
      ...form,
      'actions.fast_conversion': 'hold',
      'actions.disposable_email': 'off',
      fastConversionSeconds: '20',
      'clickVelocity.max': '50',
      bannedReferrerDomains: 'https://www.Coupon-Spam.example/deals\nleech.example',
      paidAds: 'forbidden',
      scriptSaleMaxAmount: 'USD 500\neur: 250.5',
    });
    expect(saved.status).toBe(303);
    expect(await settings()).toMatchObject({
      actions: { fast_conversion: 'hold', disposable_email: 'off', self_referral: 'refuse' },
      fastConversionSeconds: 20,
      clickVelocity: { max: 50, windowMinutes: 60 },
      bannedReferrerDomains: ['coupon-spam.example', 'leech.example'],
      paidAds: 'forbidden',
      scriptSaleMaxAmount: { eur: '250.50', usd: '500.00' },
    });
    const again = formOf((await owner.get('/dashboard/risk-settings')).html);
    expect(again.scriptSaleMaxAmount).toBe('EUR 250.50\nUSD 500.00');

    // A currency left out of the lines loses its ceiling.
    expect((await owner.post('/dashboard/risk-settings', { ...again, scriptSaleMaxAmount: 'USD 400' })).status).toBe(303);
    expect((await settings()).scriptSaleMaxAmount).toEqual({ usd: '400.00' });

    const audit = await t.sql(`select actor, status from audit_log where merchant_id = $1 and path = '/dashboard/risk-settings' order by created_at`, [merchant.id]);
    expect(audit.map((a) => a.status)).toEqual([303, 303]);
    expect(audit[0].actor).toMatch(/^user:/);
  });

  it('refuses bad input with each field error beside its field and changes nothing', async () => {
    const before = await settings();
    const form = formOf((await owner.get('/dashboard/risk-settings')).html);
    const bad = await owner.post('/dashboard/risk-settings', { ...form, fastConversionSeconds: '0', 'clickVelocity.windowMinutes': 'soon', bannedReferrerDomains: 'fine.example\nnot a domain' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="fastConversionSeconds-error"');
    expect(bad.html).toContain('id="clickVelocity.windowMinutes-error">must be a whole number');
    const domain = await owner.post('/dashboard/risk-settings', { ...form, bannedReferrerDomains: 'fine.example\nnot a domain' });
    expect(domain.status).toBe(400);
    expect(domain.html).toMatch(/id="bannedReferrerDomains-error">line 2 \(&quot;not a domain&quot;\) must be a domain name/);
    // What was typed stays in the form.
    expect(domain.html).toContain('fine.example\nnot a domain</textarea>');
    const ceiling = await owner.post('/dashboard/risk-settings', { ...form, scriptSaleMaxAmount: 'five hundred dollars' });
    expect(ceiling.status).toBe(400);
    expect(ceiling.html).toContain('id="scriptSaleMaxAmount-error"');
    const refuse = await owner.post('/dashboard/risk-settings', { ...form, 'actions.fast_conversion': 'refuse' });
    expect(refuse.status).toBe(400);
    expect(refuse.html).toContain('id="actions.fast_conversion-error">only self_referral can refuse a sale');
    expect(await settings()).toEqual(before);
  });

  it('keeps each mode its own rules and says test data skips the checks', async () => {
    await owner.post('/dashboard/mode', { mode: 'test' });
    const shown = await owner.get('/dashboard/risk-settings');
    expect(shown.html).toContain('Test data skips risk checks');
    expect(formOf(shown.html).paidAds).toBe('allowed');
    await owner.post('/dashboard/mode', { mode: 'live' });
  });

  it('is for owners only', async () => {
    const member = (await signedInUser(t, merchant.id, { role: 'member', managePayouts: true })).browser;
    expect((await member.get('/dashboard/risk-settings')).status).toBe(403);
    expect((await member.post('/dashboard/risk-settings', { fastConversionSeconds: '99' })).status).toBe(403);
    expect((await settings()).fastConversionSeconds).toBe(20);
  });
});
