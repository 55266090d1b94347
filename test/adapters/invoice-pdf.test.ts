import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../adapters/invoices/invoice-pdf.js';
import { buildInvoice, creditNoteFor, Decimal, REVERSE_CHARGE_NOTE, type CurrencyCode } from '../../domain/index.js';

const invoice = buildInvoice({
  mode: 'live',
  sequence: 12,
  issueDate: '2026-11-29',
  currency: 'eur' as CurrencyCode,
  merchant: { name: 'Acme GmbH', address: ['Hauptstr. 1', '10115 Berlin', 'DE'], vatId: 'DE123456789' },
  affiliate: { name: 'Jean Dupont SARL', address: ['1 Rue de Rivoli', '75001 Paris', 'FR'], vatId: 'FR40303265045' },
  lines: [
    { kind: 'commission', reference: '01936f4e-0000-7000-8000-000000000001', orderId: 'ORD-1001', amount: new Decimal('12.50') },
    { kind: 'award', reference: '01936f4e-0000-7000-8000-000000000002', orderId: null, amount: new Decimal('5') },
  ],
  setOff: new Decimal('2.5'),
  rule: { kind: 'reverse_charge' },
})._unsafeUnwrap();

/** The PDF's text, as poppler reads it (layout kept, so a line reads as printed). */
const textOf = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  const file = join(dir, 'invoice.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('invoice PDF', () => {
  it('carries the number, date, parties, VAT ids, lines with order ids, totals and the self-billing and reverse-charge wording', async () => {
    const text = (await textOf(await renderInvoicePdf(invoice))).replace(/\s+/g, ' ');
    for (const expected of [
      'Self-billing invoice',
      'Number: SB-000012',
      'Issue date: 2026-11-29',
      'Acme GmbH',
      'VAT id: DE123456789',
      'Jean Dupont SARL',
      '75001 Paris',
      'VAT id: FR40303265045',
      'Commission for order ORD-1001',
      '12.50 EUR',
      'Team bonus award',
      'Total 17.50 EUR',
      'Set off (earlier clawbacks) -2.50 EUR',
      'Paid 15.00 EUR',
      'Self-billing: this invoice is issued by the customer',
      'Reverse charge: VAT to be accounted for by the recipient',
    ]) {
      expect(text).toContain(expected);
    }
    expect(invoice.notes).toContain(REVERSE_CHARGE_NOTE);
  });

  it('renders the same bytes every time, and pages as images', async () => {
    const a = await renderInvoicePdf(invoice);
    const b = await renderInvoicePdf(invoice);
    expect(a.equals(b)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'invoice-png-'));
    writeFileSync(join(dir, 'i.pdf'), a);
    execFileSync('pdftoppm', ['-png', '-r', '50', join(dir, 'i.pdf'), join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.png')).length).toBe(1);
  });

  it('a credit note names the invoice it corrects, with negative figures', async () => {
    const note = creditNoteFor({ invoice, mode: 'live', sequence: 3, issueDate: '2026-12-02', reference: invoice.lines[0]!.reference, amount: new Decimal('4'), creditedBefore: new Decimal(0) })._unsafeUnwrap();
    const text = (await textOf(await renderInvoicePdf(note))).replace(/\s+/g, ' ');
    expect(text).toContain('Self-billing credit note');
    expect(text).toContain('Number: SBC-000003');
    expect(text).toContain('Corrects invoice SB-000012 of 2026-11-29');
    expect(text).toContain('Credited -4.00 EUR');
  });
});
