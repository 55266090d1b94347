import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The year-end 1099-NEC import: one row per W-9 payee due a 1099-NEC, TIN in the clear, audited. */
describe('1099-NEC CSV', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { businessName: 'Payer Inc', automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
  });
  afterAll(async () => t?.close());

  it('lists the payee paid at least the threshold with payer and recipient fields and box 1, and leaves out the one under it', async () => {
    const day = ((await t.admin('GET', '/clock')).body.data.now as string).slice(0, 10);
    const year = Number(day.slice(0, 4));
    const save = t.service.container.resolve(TOKENS.SaveTaxDetails);
    const w9 = (legalName: string, tin: string) => ({
      country: 'US',
      form: 'w9',
      legalName,
      taxClassification: 'individual',
      tinType: 'ssn',
      tin,
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
      signature: { name: legalName, date: day, certified: true },
    });
    const big = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    const small = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    expect((await save.execute(big.id, w9('Pat Payee', '521-83-4796'))).isOk()).toBe(true);
    expect((await save.execute(small.id, w9('Sam Small', '521-83-4797'))).isOk()).toBe(true);
    expect((await t.api('PATCH', '/tax/settings', m.testKey, { issuerName: 'Payer Inc', issuerAddress: '9 Market St\nAustin, TX 78701' })).status).toBe(200);
    const paid = await approvedSale(t, m.testKey, campaign.id, big.id, 2100.5);
    await approvedSale(t, m.testKey, campaign.id, small.id, 50);
    await runJobs(t);
    await runJobs(t);
    expect(await payoutOf(t, m.testKey, paid)).toMatchObject({ status: 'completed' });

    const res = await t.request('GET', `/api/v1/tax/summaries?year=${year}&format=csv`, { key: m.testKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Tax Year,Payer Name,Payer TIN,Payer Address,Recipient Account Number,Recipient Name,Recipient Business Name,Recipient TIN Type,Recipient TIN,Recipient Address,Recipient Address 2,Recipient City,Recipient State,Recipient ZIP,Recipient Country,Box 1 Nonemployee Compensation,Box 4 Federal Income Tax Withheld',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${year},Payer Inc,,"9 Market St, Austin, TX 78701",${big.id.replace(/-/g, '').slice(0, 20)},Pat Payee,,SSN,521834796,1 Main St,,Springfield,IL,62701,US,2100.50,0.00`);
    const audit = await t.sql(`select path, status from audit_log where merchant_id = $1 and path = '/api/v1/tax/summaries'`, [m.id]);
    expect(audit).toEqual([{ path: '/api/v1/tax/summaries', status: 200 }]);
    // The JSON view is unchanged and shows no TIN.
    const json = await t.api('GET', `/tax/summaries?year=${year}`, m.testKey);
    expect(JSON.stringify(json.body)).not.toContain('4796');
  });
});
