import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, headlessAffiliate, payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Splits RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), (i += 1);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field), rows.push(row), (row = []), (field = ''), (i += 1);
    } else field += ch;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
};

/** The manual path: live rows without provider credentials are exported as batch files and marked paid by hand. */
describe('manual payouts: export and mark paid', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payoutCampaign(t, m);
  });
  afterAll(() => t.close());

  const exportCsv = (method: string, currency: string, key = m.liveKey) =>
    t.request('GET', `/api/v1/payouts/export?method=${method}&currency=${currency}`, { key });

  it('exports one line per affiliate and currency in PayPal and Wise formats, matching the due rows to the cent', async () => {
    const wallet1 = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const wallet2 = await payableAffiliate(t, m.id, campaign.id, 'wallet_a');
    const bank = await payableAffiliate(t, m.id, campaign.id, 'transfer_b');
    await t.sql(`update affiliates set name = $2 where id = $1`, [bank.id, '=Ann "Quote", Formula']);
    for (const [affiliate, amount, currency] of [
      [wallet1.id, 10.1, 'usd'],
      [wallet1.id, 0.2, 'usd'],
      [wallet2.id, 7, 'usd'],
      [wallet2.id, 9, 'eur'],
      [bank.id, 100.05, 'usd'],
      [bank.id, 0.95, 'usd'],
    ] as const) {
      await approvedSale(t, m.liveKey, campaign.id, affiliate, amount, currency);
    }
    await runJobs(t); // live, no credentials: released, then held for the manual path

    const paypal = await exportCsv('wallet_a', 'usd');
    expect(paypal.status).toBe(200);
    expect(paypal.headers.get('content-type')).toContain('text/csv');
    const lines = parseCsv(paypal.body as string);
    const emailOf = (id: string) => `pay-${id}@example.com`;
    expect(lines.sort()).toEqual(
      [
        [emailOf(wallet1.id), '10.30', 'USD', expect.stringMatching(/^aff-[0-9a-f]{12}-usd$/), 'Affiliate commissions', 'PAYPAL'],
        [emailOf(wallet2.id), '7.00', 'USD', expect.stringMatching(/^aff-/), 'Affiliate commissions', 'PAYPAL'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const ids = (paypal.headers.get('x-payout-ids') ?? '').split(',');
    expect(ids).toHaveLength(3);
    const due = await t.sql(`select sum(amount)::text as s from payouts where id = any($1::uuid[])`, [ids]);
    expect(due[0].s).toBe('17.300000');

    const wise = parseCsv((await exportCsv('transfer_b', 'usd')).body as string);
    expect(wise[0]).toEqual(['name', 'recipientEmail', 'paymentReference', 'receiverType', 'amountCurrency', 'amount', 'sourceCurrency', 'targetCurrency', 'type']);
    expect(wise.slice(1)).toEqual([["'=Ann \"Quote\", Formula", `pay-${bank.id}@example.com`, expect.stringMatching(/^aff-/), 'PRIVATE', 'target', '101.00', 'USD', 'USD', 'EMAIL']]);
    expect(parseCsv((await exportCsv('wallet_a', 'eur')).body as string)).toEqual([[emailOf(wallet2.id), '9.00', 'EUR', expect.any(String), 'Affiliate commissions', 'PAYPAL']]);
    expect((await exportCsv('connect', 'usd')).status).toBe(400);
    expect((await exportCsv('wallet_a', 'dollars')).status).toBe(400);
    // The test mode's rows are not the live mode's.
    expect((await exportCsv('wallet_a', 'usd', m.testKey)).body ?? '').toBe('');
  });

  it('marks the exported rows paid with the same events as an automatic payout, all or nothing, audited', async () => {
    const paypal = await exportCsv('wallet_a', 'usd');
    const ids = (paypal.headers.get('x-payout-ids') ?? '').split(',');
    const unknown = await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [...ids, '01936f4e-0000-7000-8000-000000000999'] });
    expect(unknown.status).toBe(404);
    expect(await t.sql(`select count(*)::int as n from payouts where id = any($1::uuid[]) and status = 'completed'`, [ids])).toEqual([{ n: 0 }]);
    expect((await t.api('POST', '/payouts/mark-paid', m.testKey, { ids })).status).toBe(404);

    const marked = await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ markedPaid: 3 });
    const rows = await t.sql(`select status, payout_method, payment_id, conversion_id from payouts where id = any($1::uuid[])`, [ids]);
    expect(rows.every((r) => r.status === 'completed' && r.payout_method === 'wallet_a' && r.payment_id)).toBe(true);
    expect(new Set(rows.map((r) => r.payment_id)).size).toBe(2);
    for (const r of rows) {
      const events = await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 and type in ('conversion.paid', 'payout.completed') order by type`, [r.conversion_id]);
      expect(events.map((e) => e.type)).toEqual(['conversion.paid', 'payout.completed']);
      expect((await t.api('GET', `/conversions/${r.conversion_id}`, m.liveKey)).body.data).toMatchObject({ status: 'paid', payoutMethod: 'wallet_a' });
    }
    expect((await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids })).body.error.code).toBe('invalid_transition');
    expect((await exportCsv('wallet_a', 'usd')).body ?? '').toBe('');
    const audit = await t.sql(`select status from audit_log where merchant_id = $1 and path = '/api/v1/payouts/mark-paid' order by created_at`, [m.id]);
    expect(audit.map((a) => a.status)).toEqual([404, 404, 200, 409]);
  });

  it('headless affiliates are paid by the merchant: marked paid with an explicit method', async () => {
    const headless = await headlessAffiliate(t, m.liveKey, campaign.id);
    const id = await approvedSale(t, m.liveKey, campaign.id, headless.id, 4.5);
    await runJobs(t);
    const row = await payoutOf(t, m.liveKey, id);
    expect((await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [row!.id] })).body.error.details[0].field).toBe('payoutMethod');
    expect((await t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [row!.id], payoutMethod: 'transfer_b' })).body.data).toEqual({ markedPaid: 1 });
    expect(await payoutOf(t, m.liveKey, id)).toMatchObject({ status: 'completed' });
  });
});
