import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Payouts wait for tax details when the merchant says so, and move as soon as the details arrive. */
describe('payouts held for tax details', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { businessName: 'Held Inc', automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
  });
  afterAll(async () => t?.close());

  const saveW9 = async (affiliateId: string) => {
    const day = ((await t.admin('GET', '/clock')).body.data.now as string).slice(0, 10);
    const save = t.service.container.resolve(TOKENS.SaveTaxDetails);
    const saved = await save.execute(affiliateId, {
      country: 'US',
      form: 'w9',
      legalName: 'Pat Payee',
      taxClassification: 'individual',
      tinType: 'ssn',
      tin: '521-83-4796',
      address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
      signature: { name: 'Pat Payee', date: day, certified: true },
    });
    expect(saved.isOk()).toBe(true);
  };

  it('settings default to off, refuse unknown values and take a threshold in the reporting currency', async () => {
    const initial = await t.api('GET', '/tax/settings', m.testKey);
    expect(initial.body.data).toMatchObject({ taxDetailsRequired: 'off', taxDetailsThreshold: null, effectiveThreshold: { amount: '2000', currency: 'usd' } });
    const bad = await t.api('PATCH', '/tax/settings', m.testKey, { taxDetailsRequired: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'taxDetailsRequired' })]);
    const set = await t.api('PATCH', '/tax/settings', m.testKey, { taxDetailsRequired: 'above_yearly_total', taxDetailsThreshold: '750' });
    expect(set.body.data).toMatchObject({ taxDetailsThreshold: '750', taxDetailsThresholdCurrency: 'usd', effectiveThreshold: { amount: '750' } });
    // The live mode has its own setting.
    expect((await t.api('GET', '/tax/settings', m.liveKey)).body.data.taxDetailsRequired).toBe('off');
  });

  it('under a threshold pays, at it holds with tax_details_missing, and releases when details are saved', async () => {
    expect((await t.api('PATCH', '/tax/settings', m.testKey, { taxDetailsRequired: 'above_yearly_total', taxDetailsThreshold: '100' })).status).toBe(200);
    const affiliate = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    const small = await approvedSale(t, m.testKey, campaign.id, affiliate.id, 60);
    await runJobs(t);
    await runJobs(t);
    expect(await payoutOf(t, m.testKey, small)).toMatchObject({ status: 'completed' });

    // 60 paid this year + 40 reaches 100: this one waits.
    const reaching = await approvedSale(t, m.testKey, campaign.id, affiliate.id, 40);
    await runJobs(t);
    await runJobs(t);
    expect(await payoutOf(t, m.testKey, reaching)).toMatchObject({ status: 'scheduled', failureReason: 'tax_details_missing' });

    await saveW9(affiliate.id);
    await runJobs(t);
    await runJobs(t);
    expect(await payoutOf(t, m.testKey, reaching)).toMatchObject({ status: 'completed' });

    // The year-end summary: both payments of the service year, the W-9 on file, under the IRS threshold.
    const year = new Date((await t.admin('GET', '/clock')).body.data.now as string).getUTCFullYear();
    const summary = await t.api('GET', `/tax/summaries?year=${year}`, m.testKey);
    expect(summary.status).toBe(200);
    expect(summary.body.data.find((r: { affiliateId: string }) => r.affiliateId === affiliate.id)).toEqual({
      affiliateId: affiliate.id,
      payments: [{ currency: 'usd', amount: '100.00' }],
      total: { amount: '100.00', currency: 'usd' },
      formOnFile: 'w9',
      form1099Nec: 'not_due',
    });
    // The year before and the year after know nothing of them; another mode neither.
    for (const other of [year - 1, year + 1]) expect((await t.api('GET', `/tax/summaries?year=${other}`, m.testKey)).body.data).toEqual([]);
    expect((await t.api('GET', `/tax/summaries?year=${year}`, m.liveKey)).body.data).toEqual([]);
    expect((await t.api('GET', '/tax/summaries?year=banana', m.testKey)).status).toBe(400);
  });

  it('"always" holds an affiliate without details and never one with them', async () => {
    expect((await t.api('PATCH', '/tax/settings', m.testKey, { taxDetailsRequired: 'always' })).status).toBe(200);
    const without = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    const withDetails = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    await saveW9(withDetails.id);
    const held = await approvedSale(t, m.testKey, campaign.id, without.id, 5);
    const paid = await approvedSale(t, m.testKey, campaign.id, withDetails.id, 5);
    await runJobs(t);
    await runJobs(t);
    expect(await payoutOf(t, m.testKey, held)).toMatchObject({ status: 'scheduled', failureReason: 'tax_details_missing' });
    expect(await payoutOf(t, m.testKey, paid)).toMatchObject({ status: 'completed' });
    // Each held affiliate (this one and the previous test's) is told once by email, with the link to the
    // portal's tax-details page; later runs add none.
    const told = () => t.sql(`select body from mail_outbox where kind = 'tax_details_needed' and merchant_id = $1`, [m.id]);
    expect(await told()).toEqual([{ body: expect.stringContaining('/tax-details') }, { body: expect.stringContaining('/tax-details') }]);
    await runJobs(t);
    expect(await told()).toHaveLength(2);
  });
});
