import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { approvedSale } from '../support/payout-mother.js';
import { signedInBrowser } from '../support/portal-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const TIN = '521834796';
const FOREIGN_TIN = 'DE98765432101';

/** An affiliate gives its W-9 / W-8 in the portal; the merchant reads it masked, or in full with an audit row. */
describe('tax details', () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { businessName: 'Taxing Co' });
    other = await createMerchant(t, 'scale', { businessName: 'Elsewhere' });
  });
  afterAll(async () => t?.close());

  const join = async (merchant: TestMerchant) => {
    const campaign = await createCampaign(t, merchant.liveKey, { autoApproveAffiliates: true });
    const email = uniqueEmail('taxed');
    const joiner = new PortalBrowser(t);
    await joiner.get(`/portal/m/${merchant.id}/c/${campaign.trackingCode}`);
    await joiner.post(`/portal/m/${merchant.id}/c/${campaign.trackingCode}/join`, { email });
    const browser = await signedInBrowser(t, merchant.id, email);
    const [affiliate] = await t.sql('select id from affiliates where lower(email) = lower($1) and merchant_id = $2', [email, merchant.id]);
    return { browser, affiliateId: affiliate.id as string };
  };
  const today = async () => ((await t.sql('select now()::date::text as d'))[0].d as string);
  const w9 = (day: string, overrides: Record<string, string> = {}) => ({
    form: 'w9',
    country: 'US',
    legalName: 'Ada Lovelace',
    taxClassification: 'individual',
    tinType: 'ssn',
    tin: '521-83-4796',
    'address.line1': '1 Main St',
    'address.city': 'Springfield',
    'address.state': 'IL',
    'address.zip': '62701',
    'signature.name': 'Ada Lovelace',
    'signature.date': day,
    'signature.certified': 'true',
    ...overrides,
  });

  it('saves versions from the portal, fires the event once, shows the TIN masked everywhere, and the full form only audited', async () => {
    const { browser, affiliateId } = await join(m);
    const day = await today();
    const page = await browser.get(`/portal/m/${m.id}/tax-details`);
    expect(page.status).toBe(200);
    expect(visibleText(page.text)).toContain('You have not given tax details to this program yet');

    const bad = await browser.post(`/portal/m/${m.id}/tax-details`, w9(day, { 'address.zip': 'nope', 'signature.certified': '' }));
    expect(bad.status).toBe(400);
    expect(visibleText(bad.text)).toContain('address zip must be a ZIP code');
    expect(bad.text).not.toContain('521-83-4796');
    expect(bad.text).not.toContain(TIN);

    const first = await browser.post(`/portal/m/${m.id}/tax-details`, w9(day));
    expect(first.status).toBe(200);
    expect(visibleText(first.text)).toContain('Saved.');
    expect(visibleText(first.text)).toContain('TIN •••-••-4796');
    expect(first.text).not.toContain(TIN);
    const second = await browser.post(`/portal/m/${m.id}/tax-details`, w9(day, { 'address.city': 'Chicago' }));
    expect(visibleText(second.text)).toContain('version 2');

    const events = await t.sql(`select payload from outbox_events where type = 'affiliate.tax_details_completed' and payload->>'affiliateId' = $1`, [affiliateId]);
    expect(events.map((e) => e.payload)).toEqual([{ affiliateId, country: 'US', form: 'w9', completedAt: expect.any(String) }]);

    const masked = await t.api('GET', `/affiliates/${affiliateId}/tax-details`, m.liveReadKey);
    expect(masked.status).toBe(200);
    expect(masked.body.data.current).toMatchObject({ version: 2, country: 'US', form: { tin: '•••-••-4796', address: { city: 'Chicago' }, signature: { date: day } } });
    expect(masked.body.data.history.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(JSON.stringify(masked.body)).not.toContain(TIN);
    expect(JSON.stringify(masked.body)).not.toContain('"name":"Ada Lovelace"');

    // The full form needs a full-access key, and every download is in the audit log.
    expect((await t.api('GET', `/affiliates/${affiliateId}/tax-details/form`, m.liveReadKey)).status).toBe(403);
    const full = await t.api('GET', `/affiliates/${affiliateId}/tax-details/form`, m.liveKey);
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ version: 2, form: { tin: TIN, signature: { name: 'Ada Lovelace', date: day } } });
    const audited = await t.sql(`select status, merchant_id from audit_log where path = $1 and method = 'GET'`, [`/api/v1/affiliates/${affiliateId}/tax-details/form`]);
    expect(audited).toEqual(expect.arrayContaining([expect.objectContaining({ status: 200, merchant_id: m.id })]));
    expect(audited.filter((r) => r.status === 200)).toHaveLength(1);

    // Another merchant, or the test mode, learns nothing of it.
    expect((await t.api('GET', `/affiliates/${affiliateId}/tax-details`, other.liveKey)).status).toBe(404);
    expect((await t.api('GET', `/affiliates/${affiliateId}/tax-details/form`, other.liveKey)).status).toBe(404);
    expect((await t.api('GET', `/affiliates/${affiliateId}/tax-details`, m.testKey)).status).toBe(404);
  });

  it('takes a W-8BEN-E with a VAT id, refusing a treaty claim given in part', async () => {
    const { browser, affiliateId } = await join(m);
    const day = await today();
    const fields = {
      form: 'w8bene',
      country: 'DE',
      organisationName: 'Beispiel GmbH',
      countryOfIncorporation: 'DE',
      entityType: 'corporation',
      fatcaStatus: 'active_nffe',
      'address.line1': 'Hauptstr. 1',
      'address.city': 'Berlin',
      'address.country': 'DE',
      foreignTin: FOREIGN_TIN,
      vatId: 'DE 123 456 789',
      'signature.name': 'Grete Weber',
      'signature.capacity': 'Geschäftsführerin',
      'signature.date': day,
      'signature.certified': 'true',
    };
    await browser.get(`/portal/m/${m.id}/tax-details?form=w8bene`);
    const partial = await browser.post(`/portal/m/${m.id}/tax-details?form=w8bene`, { ...fields, 'treatyClaim.article': '7' });
    expect(partial.status).toBe(400);
    expect(visibleText(partial.text)).toContain('treatyClaim rate must be a rate');
    const saved = await browser.post(`/portal/m/${m.id}/tax-details?form=w8bene`, fields);
    expect(saved.status).toBe(200);
    const masked = await t.api('GET', `/affiliates/${affiliateId}/tax-details`, m.liveKey);
    expect(masked.body.data.current).toMatchObject({ vatId: 'DE123456789', form: { form: 'w8bene', foreignTin: '••••2101', signature: { capacity: 'Geschäftsführerin' } } });
  });

  it('tells the affiliate that payouts wait for its details, and saving them makes the held rows due at once', async () => {
    const payer = await createMerchant(t, 'scale', { businessName: 'Payer', automaticPayouts: true, payoutHoldingDays: 0 });
    const { browser, affiliateId } = await join(payer);
    const [membership] = await t.sql('select campaign_id from affiliate_memberships where affiliate_id = $1', [affiliateId]);
    const saleId = await approvedSale(t, payer.liveKey, membership.campaign_id, affiliateId, 20);
    expect(await t.sql('select status from payouts where conversion_id = $1', [saleId])).toEqual([{ status: 'pending' }]);
    // As the payout job leaves a row it held for tax details (the job itself: test/http/tax-payout-hold.test.ts).
    await t.sql(`update payouts set status = 'scheduled', failure_reason = 'tax_details_missing', scheduled_date = now() + interval '30 days' where conversion_id = $1`, [saleId]);
    const page = await browser.get(`/portal/m/${payer.id}/tax-details`);
    expect(visibleText(page.text)).toContain('A payout waits for your tax details.');
    const saved = await browser.post(`/portal/m/${payer.id}/tax-details`, w9(await today()));
    expect(saved.status).toBe(200);
    expect(visibleText(saved.text)).not.toContain('waits for your tax details');
    const [row] = await t.sql('select status, scheduled_date <= now() as due from payouts where conversion_id = $1', [saleId]);
    expect(row).toEqual({ status: 'scheduled', due: true });
  });

  it('keeps no TIN and no typed signature in the clear in any table', async () => {
    const columns = await t.sql(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'jsonb', 'character varying', 'json')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const rows = await t.sql(`select count(*)::int as n from "${table}" where "${column}"::text like any($1)`, [[`%${TIN}%`, '%521-83-4796%', `%${FOREIGN_TIN}%`, '%Grete Weber%']]);
      if (rows[0].n > 0) found.push(`${table}.${column}`);
    }
    expect(columns.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
  it('shows choices in words and prefills an edit with what is on file, never the TIN', async () => {
    const { browser } = await join(m);
    const day = await today();
    const blank = await browser.get(`/portal/m/${m.id}/tax-details`);
    expect(blank.text).toContain('>Individual or sole proprietor</option>');
    expect(blank.text).toContain('>Employer identification number (EIN)</option>');
    expect(blank.text).not.toContain('>c corporation<');
    expect((await browser.post(`/portal/m/${m.id}/tax-details`, w9(day, { legalName: 'Grace Hopper', taxClassification: 'partnership' }))).status).toBe(200);
    const edit = await browser.get(`/portal/m/${m.id}/tax-details`);
    expect(edit.text).toContain('value="Grace Hopper"');
    expect(edit.text).toContain('value="Springfield"');
    expect(edit.text).toContain('<option value="partnership" selected>Partnership</option>');
    expect(edit.text).toMatch(/name="tin" type="text" value=""/);
    expect(edit.text).not.toContain(TIN);
  });
});
