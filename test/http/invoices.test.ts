import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { payableAffiliate, payoutCampaign, payoutOf, runJobs } from '../support/payout-mother.js';
import type { TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const pdfText = (pdf: Buffer): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'inv-')), 'i.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

/** Self-billing invoices for every completed payout, credit notes for clawbacks, and their downloads. */
describe('invoices', () => {
  let t: TestService;
  let m: TestMerchant;
  let other: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { businessName: 'Acme Shop', automaticPayouts: true, payoutHoldingDays: 0 });
    other = await createMerchant(t, 'scale', { businessName: 'Other' });
    campaign = await payoutCampaign(t, m);
  });
  afterAll(async () => t?.close());

  const sale = async (key: string, affiliateId: string, amount: number, orderId: string, currency = 'eur') => {
    const created = await t.api('POST', '/conversions', key, { campaignId: campaign.id, affiliateId, amount, currency, orderId });
    expect(created.status).toBe(201);
    expect((await t.api('PATCH', `/conversions/${created.body.data.id}`, key, { status: 'approved' })).status).toBe(200);
    return created.body.data.id as string;
  };

  it('the VAT rule and issuer details extend the tax settings; bad values change nothing', async () => {
    const bad = await t.api('PATCH', '/tax/settings', m.testKey, { taxDetailsRequired: 'always', invoiceVatRule: 'charge', invoiceVatRate: '200' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'invoiceVatRate' })]);
    expect((await t.api('GET', '/tax/settings', m.testKey)).body.data).toMatchObject({ taxDetailsRequired: 'off', invoiceVatRule: 'none', issuerAddress: [] });
    const set = await t.api('PATCH', '/tax/settings', m.testKey, {
      invoiceVatRule: 'reverse_charge',
      issuerName: 'Acme Shop GmbH',
      issuerAddress: 'Hauptstr. 1\n10115 Berlin\nDE',
      issuerVatId: 'DE123456789',
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ taxDetailsRequired: 'off', invoiceVatRule: 'reverse_charge', invoiceVatRate: null, issuerName: 'Acme Shop GmbH', issuerAddress: ['Hauptstr. 1', '10115 Berlin', 'DE'], issuerVatId: 'DE123456789' });
  });

  it('a completed payout gets its invoice (JSON and PDF); a clawback a credit note referring to it', async () => {
    const affiliate = await payableAffiliate(t, m.id, campaign.id, 'connect', 'test');
    const day = ((await t.admin('GET', '/clock')).body.data.now as string).slice(0, 10);
    const saved = await t.service.container.resolve(TOKENS.SaveTaxDetails).execute(affiliate.id, {
      country: 'FR',
      form: 'w8bene',
      organisationName: 'Exemple SARL',
      countryOfIncorporation: 'FR',
      entityType: 'corporation',
      fatcaStatus: 'active_nffe',
      address: { line1: '1 rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
      foreignTinReason: 'FR issues no TIN to this kind of entity',
      vatId: 'FR40303265045',
      signature: { name: 'Jean Dupont', date: day, certified: true, capacity: 'Gérant' },
    });
    expect(saved.isOk()).toBe(true);
    const first = await sale(m.testKey, affiliate.id, 30, 'ORD-1');
    const second = await sale(m.testKey, affiliate.id, 12.5, 'ORD-2');
    await runJobs(t);
    await runJobs(t);
    expect(await payoutOf(t, m.testKey, first)).toMatchObject({ status: 'completed' });

    const list = await t.api('GET', `/invoices?affiliateId=${affiliate.id}`, m.testKey);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const invoice = list.body.data[0];
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^TEST-SB-\d{6}$/),
      issueDate: day,
      currency: 'eur',
      merchant: { name: 'Acme Shop GmbH', address: ['Hauptstr. 1', '10115 Berlin', 'DE'], vatId: 'DE123456789' },
      affiliate: { name: 'Exemple SARL', address: ['1 rue de Rivoli', '75001 Paris', 'FR'], vatId: 'FR40303265045' },
      net: '42.50',
      vat: { rule: 'reverse_charge', rate: null, amount: '0.00' },
      total: '42.50',
      payable: '42.50',
      correcting: null,
    });
    expect(invoice.lines.map((l: { orderId: string; amount: string; reference: string }) => [l.orderId, l.amount, l.reference]).sort()).toEqual([
      ['ORD-1', '30.00', first],
      ['ORD-2', '12.50', second],
    ]);
    expect(invoice.notes.join(' ')).toMatch(/Self-billing.*Reverse charge/);
    expect((await t.api('GET', `/invoices/${invoice.id}`, m.testKey)).body.data).toEqual(invoice);

    const pdf = await t.service.app.request(`/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${m.testKey}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Self-billing invoice', invoice.number, 'Exemple SARL', 'FR40303265045', 'Acme Shop GmbH', 'Commission for order ORD-1', '42.50 EUR', 'Reverse charge']) {
      expect(text).toContain(expected);
    }

    // Another merchant, or the other mode, sees none of it.
    expect((await t.api('GET', `/invoices/${invoice.id}`, other.testKey)).status).toBe(404);
    expect((await t.api('GET', `/invoices/${invoice.id}`, m.liveKey)).status).toBe(404);
    expect((await t.api('GET', '/invoices', other.testKey)).body.data).toEqual([]);
    expect((await t.api('GET', '/invoices/not-an-id', m.testKey)).status).toBe(404);
    expect((await t.api('GET', '/invoices?from=2026-13-01', m.testKey)).status).toBe(400);

    // The refund of a paid sale claws 10 back: a credit note to the invoice.
    expect((await t.api('POST', `/conversions/${first}/refund`, m.testKey, { amount: 10 })).status).toBe(200);
    const notes = (await t.api('GET', `/invoices?affiliateId=${affiliate.id}`, m.testKey)).body.data.filter((d: { kind: string }) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      number: expect.stringMatching(/^TEST-SBC-\d{6}$/),
      correcting: { id: invoice.id, number: invoice.number, issueDate: day },
      net: '-10.00',
      total: '-10.00',
      lines: [{ reference: first, orderId: 'ORD-1', amount: '-10.00' }],
    });
    const notePdf = await t.service.app.request(`/api/v1/invoices/${notes[0].id}/pdf`, { headers: { authorization: `Bearer ${m.testKey}` } });
    expect(pdfText(Buffer.from(await notePdf.arrayBuffer()))).toContain(`Corrects invoice ${invoice.number}`);

    // Issued documents never change.
    await expect(t.sql(`update invoices set total = 0 where id = $1`, [invoice.id])).rejects.toThrow(/immutable/);
    await expect(t.sql(`delete from invoices where id = $1`, [invoice.id])).rejects.toThrow(/immutable/);

    // A zip of the period's PDFs.
    const zip = await t.service.app.request(`/api/v1/invoices/export?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${m.testKey}` } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from(`${invoice.number}.pdf`))).toBe(true);
    expect(bytes.includes(Buffer.from(`${notes[0].number}.pdf`))).toBe(true);
  });

  it('numbers stay gapless when many payouts are marked paid at once', async () => {
    const affiliates = await Promise.all(Array.from({ length: 8 }, () => payableAffiliate(t, m.id, campaign.id, 'wallet_a')));
    const rows: string[][] = [];
    for (const [k, a] of affiliates.entries()) {
      const id = await sale(m.liveKey, a.id, 5 + k, `LIVE-${k}`, 'usd');
      rows.push([id]);
    }
    await runJobs(t); // live without credentials: held for the manual path
    const payoutIds = await Promise.all(rows.map(async ([conversion]) => (await payoutOf(t, m.liveKey, conversion!))!.id as string));
    const marked = await Promise.all(payoutIds.map((id) => t.api('POST', '/payouts/mark-paid', m.liveKey, { ids: [id] })));
    expect(marked.map((r) => r.status)).toEqual(payoutIds.map(() => 200));
    const issued = (await t.api('GET', '/invoices', m.liveKey)).body.data as { number: string; kind: string }[];
    expect(issued.map((d) => d.number).sort()).toEqual(Array.from({ length: 8 }, (_, k) => `SB-${String(k + 1).padStart(6, '0')}`));
    const [counter] = await t.sql(`select last_sequence from invoice_counters where merchant_id = $1 and mode = 'live' and kind = 'invoice'`, [m.id]);
    expect(counter.last_sequence).toBe(8);
  });
});
