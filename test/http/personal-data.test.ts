import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser } from '../support/portal-browser.js';
import { signedInBrowser } from '../support/portal-mother.js';
import { runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const tag = randomBytes(4).toString('hex');
/** Distinctive values, so a hit anywhere in the database can only be a copy of them. */
const AFFILIATE = { email: `zelda-${tag}@privacy-test.example`, name: `Zelda Quixotic ${tag}`, payoutEmail: `zelda-pay-${tag}@privacy-test.example` };
const CUSTOMER = { email: `grace-${tag}@buyer-test.example`, name: `Grace Buyer ${tag}` };

/** Every text and JSON cell of every table (the whole database, not the merchant's rows) that contains one of the values. */
const scan = async (t: TestService, values: readonly string[]) => {
  const columns = await t.sql<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`,
  );
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const value of values) {
      const [row] = await t.sql(`select count(*)::int as n from "${table_name}" where lower("${column_name}"::text) like '%' || lower($1) || '%'`, [value]);
      if (row.n > 0) hits.push(`${table_name}.${column_name} has ${value} (${row.n})`);
    }
  }
  return hits;
};

describe('personal data: an affiliate’s copy and erasure on request', () => {
  let t: TestService;
  let receiver: WebhookReceiver;
  let m: TestMerchant;
  let other: TestMerchant;
  let affiliateId: string;
  let browser: PortalBrowser;
  let conversionIds: string[];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestService({ webhookDevAllowedHosts: [receiver.host] });
    m = await createMerchant(t, 'scale');
    other = await createMerchant(t, 'scale');
    expect((await t.api('POST', '/webhooks', m.liveKey, { url: receiver.url(), events: ['affiliate.joined', 'affiliate.approved', 'conversion.created', 'conversion.approved'] })).status).toBe(201);
    const campaign = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true, commissionValue: 50 });
    const signed = await t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email: AFFILIATE.email, name: AFFILIATE.name, campaignId: campaign.id, mode: 'live' });
    expect(signed.status).toBe(201);
    affiliateId = signed.body.data.affiliateId;
    expect((await t.admin('POST', `/affiliates/${affiliateId}/payout-details`, { method: 'wallet_a', email: AFFILIATE.payoutEmail })).status).toBe(200);
    browser = await signedInBrowser(t, m.id, AFFILIATE.email);
    const [{ d: day }] = await t.sql('select now()::date::text as d');
    await browser.get(`/portal/m/${m.id}/tax-details`);
    const tax = await browser.post(`/portal/m/${m.id}/tax-details`, {
      form: 'w9', country: 'US', legalName: AFFILIATE.name, taxClassification: 'individual', tinType: 'ssn', tin: '521-83-4796',
      'address.line1': '1 Main St', 'address.city': 'Springfield', 'address.state': 'IL', 'address.zip': '62701',
      'signature.name': AFFILIATE.name, 'signature.date': day, 'signature.certified': 'true',
    });
    expect(tax.text).toContain('Saved.');
    conversionIds = [];
    for (const amount of [100, 40]) {
      const sale = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId, amount, currency: 'usd', customerEmail: CUSTOMER.email, customerName: CUSTOMER.name });
      expect(sale.status).toBe(201);
      conversionIds.push(sale.body.data.id);
    }
    await t.api('POST', '/customers', m.liveKey, { affiliateId, campaignId: campaign.id, email: CUSTOMER.email, providerCustomerId: `cus_${tag}` });
    await runJobs(t);
    await receiver.waitFor(1);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('gives the affiliate its data as JSON, in the API and in the portal; another merchant sees nothing', async () => {
    const res = await t.api('GET', `/affiliates/${affiliateId}/data-export`, m.liveReadKey);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.affiliate).toMatchObject({ id: affiliateId, email: AFFILIATE.email, name: AFFILIATE.name, payoutEmail: AFFILIATE.payoutEmail, portalLogin: true });
    expect(data.memberships).toHaveLength(1);
    expect(data.commissions.map((c: { id: string }) => c.id).sort()).toEqual([...conversionIds].sort());
    // Other people's data is not theirs to take: no customer email in their copy.
    expect(JSON.stringify(data)).not.toContain(CUSTOMER.email);
    expect(data.portalActivity.length).toBeGreaterThan(0);

    expect((await t.api('GET', `/affiliates/${affiliateId}/data-export`, other.liveKey)).status).toBe(404);
    expect((await t.api('GET', `/affiliates/${affiliateId}/data-export`, m.testKey)).status).toBe(404);

    const home = await browser.get(`/portal/m/${m.id}/home`);
    expect(home.text).toContain('/my-data.json');
    const download = await browser.get(`/portal/m/${m.id}/my-data.json`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-/);
    expect(JSON.parse(download.text).data.affiliate.email).toBe(AFFILIATE.email);
  });

  it('erases the affiliate: no personal value left in any table, money kept, login and sessions gone, audit row kept', async () => {
    expect(await scan(t, Object.values(AFFILIATE))).not.toEqual([]);
    const before = await t.sql('select id, amount::text, commission::text, status from conversions where affiliate_id = $1 order by id', [affiliateId]);

    expect((await t.api('POST', `/affiliates/${affiliateId}/erase`, m.liveReadKey)).status).toBe(403);
    expect((await t.api('POST', `/affiliates/${affiliateId}/erase`, other.liveKey)).status).toBe(404);
    const erased = await t.api('POST', `/affiliates/${affiliateId}/erase`, m.liveKey);
    expect(erased.status).toBe(200);
    expect(erased.body.data.affiliateId).toBe(affiliateId);

    expect(await scan(t, Object.values(AFFILIATE))).toEqual([]);
    expect(await t.sql('select id, amount::text, commission::text, status from conversions where affiliate_id = $1 order by id', [affiliateId])).toEqual(before);
    const [row] = await t.sql('select email, name, headless, payout_email from affiliates where id = $1', [affiliateId]);
    expect(row).toEqual({ email: `erased-${affiliateId}@erased.invalid`, name: 'Erased affiliate', headless: true, payout_email: null });
    expect(await t.sql(`select 1 from web_sessions where subject_id = $1`, [affiliateId])).toEqual([]);
    const home = await browser.get(`/portal/m/${m.id}/home`);
    expect(home.status).toBe(303);
    expect(home.location).toMatch(/\/sign-in$/);
    // The affiliate's own portal requests keep their audit rows, without address and browser.
    const portalRows = await t.sql(`select address, user_agent from audit_log where actor = $1`, [`affiliate:${affiliateId}`]);
    expect(portalRows.length).toBeGreaterThan(0);
    expect(portalRows.every((r) => r.address === null && r.user_agent === null)).toBe(true);
    expect(await t.sql(`select 1 from affiliate_tax_details where affiliate_id = $1`, [affiliateId])).toEqual([]);
    expect(await t.sql(`select 1 from audit_log where merchant_id = $1 and path = $2 and method = 'POST'`, [m.id, `/api/v1/affiliates/${affiliateId}/erase`])).not.toEqual([]);
    expect(await t.sql(`select payload from outbox_events where merchant_id = $1 and type = 'affiliate.erased'`, [m.id])).toEqual([{ payload: { affiliateId } }]);

    // Erasing again answers the same; the merchant still sees the sales, anonymised.
    expect((await t.api('POST', `/affiliates/${affiliateId}/erase`, m.liveKey)).status).toBe(200);
    const detail = await t.api('GET', `/affiliates/${affiliateId}`, m.liveKey);
    expect(detail.body.data.email).toBe(`erased-${affiliateId}@erased.invalid`);
  });

  it('erases a customer by email: the sales stay without who bought', async () => {
    expect(await scan(t, Object.values(CUSTOMER))).not.toEqual([]);
    expect((await t.api('POST', '/customers/erase', m.liveKey, { email: 'not-an-email' })).status).toBe(400);
    const res = await t.api('POST', '/customers/erase', m.liveKey, { email: CUSTOMER.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ customers: 1, commissions: 2 });
    expect(await scan(t, Object.values(CUSTOMER))).toEqual([]);
    expect(await t.sql('select count(*)::int as n from conversions where id = any($1::uuid[])', [conversionIds])).toEqual([{ n: 2 }]);
    const nothing = await t.api('POST', '/customers/erase', m.liveKey, { email: `nobody-${tag}@example.com` });
    expect(nothing.body.data).toMatchObject({ customers: 0, commissions: 0 });
  });
});
