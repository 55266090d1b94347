import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildInvoice,
  creditNoteFor,
  Decimal,
  invoiceNumber,
  parseInvoiceVatRule,
  REVERSE_CHARGE_NOTE,
  SELF_BILLING_NOTE,
  type CurrencyCode,
  type InvoiceInput,
  type InvoiceVatRule,
} from '../../domain/index.js';

const cents = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).dividedBy(100));
const rule: fc.Arbitrary<InvoiceVatRule> = fc.oneof(
  fc.constant({ kind: 'none' } as const),
  fc.constant({ kind: 'reverse_charge' } as const),
  fc.integer({ min: 1, max: 10_000 }).map((n) => ({ kind: 'charge', rate: new Decimal(n).dividedBy(100) }) as const),
);
const party = { name: 'Acme GmbH', address: ['Hauptstr. 1', '10115 Berlin', 'DE'], vatId: 'DE123456789' };
const input: fc.Arbitrary<InvoiceInput> = fc.record({
  mode: fc.constantFrom('live' as const, 'test' as const),
  sequence: fc.integer({ min: 1, max: 999_999 }),
  issueDate: fc.constant('2026-11-29'),
  currency: fc.constantFrom('eur' as CurrencyCode, 'usd' as CurrencyCode),
  merchant: fc.constant(party),
  affiliate: fc.constant({ name: 'Pat', address: ['1 Rue', 'Paris'], vatId: null }),
  lines: fc.array(
    fc.record({ kind: fc.constantFrom('commission' as const, 'award' as const), reference: fc.uuid(), orderId: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: null }), amount: cents }),
    { minLength: 1, maxLength: 8 },
  ),
  setOff: fc.oneof(fc.constant(new Decimal(0)), cents),
  rule,
});

describe('self-billing invoices', () => {
  it('net is the sum of the lines, total net + VAT, payable total less the set-off (never below zero)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const doc = buildInvoice(i)._unsafeUnwrap();
        const sum = i.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
        expect(doc.net).toBe(sum.toFixed(2));
        expect(new Decimal(doc.total).eq(new Decimal(doc.net).plus(doc.vat.amount))).toBe(true);
        expect(new Decimal(doc.payable).eq(new Decimal(doc.total).minus(doc.setOff))).toBe(true);
        expect(new Decimal(doc.payable).gte(0)).toBe(true);
        expect(doc.notes).toContain(SELF_BILLING_NOTE);
        expect(doc.notes.includes(REVERSE_CHARGE_NOTE)).toBe(i.rule.kind === 'reverse_charge');
        if (i.rule.kind !== 'charge') expect(doc.vat.amount).toBe('0.00');
        else expect(new Decimal(doc.vat.amount).minus(sum.times(i.rule.rate).dividedBy(100)).abs().lte('0.005')).toBe(true);
      }),
    );
  });

  it('numbers are distinct per kind, mode and sequence and sort in sequence order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_998 }), fc.constantFrom('live' as const, 'test' as const), (n, mode) => {
        expect(invoiceNumber('invoice', mode, n) < invoiceNumber('invoice', mode, n + 1)).toBe(true);
        expect(invoiceNumber('invoice', mode, n)).not.toBe(invoiceNumber('credit_note', mode, n));
        expect(invoiceNumber('invoice', 'live', n)).not.toBe(invoiceNumber('invoice', 'test', n));
      }),
    );
    expect(invoiceNumber('invoice', 'live', 42)).toBe('SB-000042');
    expect(invoiceNumber('credit_note', 'test', 7)).toBe('TEST-SBC-000007');
  });

  it('an invoice without lines is refused', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(buildInvoice({ ...i, lines: [] }).isErr()).toBe(true);
      }),
    );
  });

  it('credit notes refer to the invoice, mirror its VAT rule and never credit more than the line', () => {
    fc.assert(
      fc.property(input, fc.array(cents, { minLength: 1, maxLength: 6 }), (i, takes) => {
        const invoice = buildInvoice(i)._unsafeUnwrap();
        const line = invoice.lines[0]!;
        let credited = new Decimal(0);
        takes.forEach((take, k) => {
          const note = creditNoteFor({ invoice, mode: i.mode, sequence: k + 1, issueDate: '2026-12-01', reference: line.reference, amount: take, creditedBefore: credited });
          if (credited.plus(take).gt(line.amount)) {
            expect(note.isErr()).toBe(true);
            return;
          }
          const doc = note._unsafeUnwrap();
          credited = credited.plus(take);
          expect(doc.kind).toBe('credit_note');
          expect(doc.correcting).toEqual({ number: invoice.number, issueDate: invoice.issueDate });
          expect(doc.net).toBe(take.negated().toFixed(2));
          expect(doc.vat.rule).toBe(invoice.vat.rule);
          expect(doc.vat.rate).toBe(invoice.vat.rate);
          expect(new Decimal(doc.total).eq(new Decimal(doc.net).plus(doc.vat.amount))).toBe(true);
          expect(doc.merchant).toEqual(invoice.merchant);
        });
        expect(credited.lte(line.amount)).toBe(true);
      }),
    );
  });

  it('the VAT setting takes none, reverse_charge, or charge with a rate', () => {
    expect(parseInvoiceVatRule('none', undefined)._unsafeUnwrap()).toEqual({ kind: 'none' });
    expect(parseInvoiceVatRule('reverse_charge', null)._unsafeUnwrap()).toEqual({ kind: 'reverse_charge' });
    expect(parseInvoiceVatRule('charge', '19')._unsafeUnwrap()).toEqual({ kind: 'charge', rate: new Decimal(19) });
    for (const [kind, rate] of [['charge', undefined], ['charge', '0'], ['charge', '101'], ['charge', 'x'], ['none', '20'], ['vat', null]] as const) {
      expect(parseInvoiceVatRule(kind, rate).isErr()).toBe(true);
    }
  });
});
