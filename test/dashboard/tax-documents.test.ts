import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../../adapters/porting/zip-entries.js';
import { DashboardBrowser, signedInUser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import { peerEnv, startTestService, type TestService } from '../support/test-service.js';

/** The dashboard's invoices (list, PDF, zip of a period) and year-end view (table and 1099-NEC CSV). */
describe('dashboard invoices and tax year', () => {
  let t: TestService;
  let m: TestMerchant;
  let owner: DashboardBrowser;
  let day: string;
  let affiliateId: string;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await payoutCampaign(t, m);
    const affiliate = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    affiliateId = affiliate.id;
    const sale = await t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 25, orderId: 'DASH-1' });
    await t.api('PATCH', `/conversions/${sale.body.data.id}`, m.liveKey, { status: 'approved' });
    await runJobs(t);
    const row = await payoutOf(t, m.liveKey, sale.body.data.id);
    expect((await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [row!.id] })).status).toBe(200);
    owner = (await signedInUser(t, m.id)).browser;
    day = ((await t.admin('GET', '/clock')).body.data.now as string).slice(0, 10);
  }, 120_000);
  afterAll(() => t?.close());

  const download = (path: string) => t.service.app.request(path, { headers: { cookie: owner.cookieHeader() } }, peerEnv());

  it('lists the invoices of a period with their PDFs and a zip of them all', async () => {
    const list = await owner.get(`/dashboard/invoices?from=${day}&to=${day}`);
    expect(list.status).toBe(200);
    expect(list.html).toContain('SB-000001');
    const id = /href="\/dashboard\/invoices\/([0-9a-f-]{36})\/pdf"/.exec(list.html)![1];
    const pdf = await download(`/dashboard/invoices/${id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const zip = await download(`/dashboard/invoices/export?from=${day}&to=${day}`);
    expect([...zipEntries(Buffer.from(await zip.arrayBuffer())).keys()]).toEqual(['SB-000001.pdf']);
    expect((await new DashboardBrowser(t).get('/dashboard/invoices')).status).not.toBe(200);
  });

  it('shows the year with a link to the 1099-NEC CSV, which the owner downloads, audited', async () => {
    const year = day.slice(0, 4);
    const view = await owner.get(`/dashboard/tax-year?year=${year}`);
    expect(view.status).toBe(200);
    expect(view.html).toContain('25.00 USD');
    // The affiliate by name, linked, never its bare id.
    expect(view.html).toContain(`href="/dashboard/affiliates/${affiliateId}"`);
    expect(view.html).not.toContain(`<td>${affiliateId}</td>`);
    expect(view.html).toContain(`href="/dashboard/tax-year/1099-nec.csv?year=${year}"`);
    const csv = await download(`/dashboard/tax-year/1099-nec.csv?year=${year}`);
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toMatch(/^Tax Year,Payer Name,Payer TIN/);
    const audit = await t.sql(`select actor from audit_log where merchant_id = $1 and path = '/dashboard/tax-year/1099-nec.csv'`, [m.id]);
    expect(audit).toHaveLength(1);
  });
});
