import { err, ok, type Result } from 'neverthrow';
import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { formatAmount, roundToMinorUnit } from '../money/money.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

/**
 * The merchant's VAT rule for the self-billing invoices it issues: no VAT shown, the reverse-charge
 * note (the affiliate's VAT is accounted for by the merchant), or VAT charged at a rate (percent).
 */
export type InvoiceVatRule = { readonly kind: 'none' } | { readonly kind: 'reverse_charge' } | { readonly kind: 'charge'; readonly rate: Decimal };
export const INVOICE_VAT_RULES = ['none', 'reverse_charge', 'charge'] as const;

/** Reads the setting: a rate (0 < rate ≤ 100, up to two decimals) only with `charge`. */
export const parseInvoiceVatRule = (kind: unknown, rate: unknown): Result<InvoiceVatRule, DomainError> => {
  if (kind === 'none' || kind === 'reverse_charge') {
    if (rate !== undefined && rate !== null) return err(validationError('invoiceVatRate', 'is only read with charge'));
    return ok({ kind });
  }
  if (kind !== 'charge') return err(validationError('invoiceVatRule', `must be one of ${INVOICE_VAT_RULES.join(', ')}`));
  const text = typeof rate === 'number' ? String(rate) : typeof rate === 'string' ? rate.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return err(validationError('invoiceVatRate', 'must be a percentage like 19 or 20.5'));
  const value = new Decimal(text);
  if (value.lte(0) || value.gt(100)) return err(validationError('invoiceVatRate', 'must be above 0 and at most 100'));
  return ok({ kind, rate: value });
};

/** A party named on the invoice: the merchant (the issuer, as buyer) or the affiliate (the supplier). */
export interface InvoiceParty {
  readonly name: string;
  readonly address: readonly string[];
  readonly vatId: string | null;
}

/** One thing the payout pays: a commission (with its sale's order id) or a team bonus award. */
export interface InvoiceLine {
  readonly kind: 'commission' | 'award';
  /** The conversion's or the award's id. */
  readonly reference: string;
  readonly orderId: string | null;
  readonly description: string;
  /** In the invoice's currency, to its minor unit. */
  readonly amount: string;
}

export type InvoiceKind = 'invoice' | 'credit_note';

/** An issued document as stored (JSON) and rendered (PDF): everything on it, nothing looked up later. */
export interface InvoiceDocument {
  readonly kind: InvoiceKind;
  readonly number: string;
  readonly sequence: number;
  /** `YYYY-MM-DD`, the service's day of issue (UTC). */
  readonly issueDate: string;
  readonly currency: CurrencyCode;
  readonly merchant: InvoiceParty;
  readonly affiliate: InvoiceParty;
  readonly lines: readonly InvoiceLine[];
  readonly net: string;
  readonly vat: { readonly rule: InvoiceVatRule['kind']; readonly rate: string | null; readonly amount: string };
  readonly total: string;
  /** Earlier clawbacks set off against this payment (not part of the supply); zero on a credit note. */
  readonly setOff: string;
  /** What left (an invoice) or what is credited back (a credit note). */
  readonly payable: string;
  /** The invoice a credit note corrects. */
  readonly correcting: { readonly number: string; readonly issueDate: string } | null;
  readonly notes: readonly string[];
}

export const SELF_BILLING_NOTE = 'Self-billing: this invoice is issued by the customer on behalf of the supplier under a self-billing agreement.';
export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient of the supply.';

/**
 * The document number: a prefix per kind (`SB` invoices, `SBC` credit notes), `TEST-` before test-mode
 * documents (never mistaken for real ones) and the merchant's gapless sequence of that kind and mode.
 */
export const invoiceNumber = (kind: InvoiceKind, mode: Mode, sequence: number): string =>
  `${mode === 'test' ? 'TEST-' : ''}${kind === 'invoice' ? 'SB' : 'SBC'}-${String(sequence).padStart(6, '0')}`;

const vatPart = (rule: InvoiceVatRule, net: Decimal, currency: CurrencyCode) => ({
  rule: rule.kind,
  rate: rule.kind === 'charge' ? rule.rate.toFixed() : null,
  amount: formatAmount(rule.kind === 'charge' ? roundToMinorUnit(net.times(rule.rate).dividedBy(100), currency) : 0, currency),
});

const notesOf = (rule: InvoiceVatRule): string[] => (rule.kind === 'reverse_charge' ? [SELF_BILLING_NOTE, REVERSE_CHARGE_NOTE] : [SELF_BILLING_NOTE]);

export interface InvoiceInput {
  readonly mode: Mode;
  readonly sequence: number;
  readonly issueDate: string;
  readonly currency: CurrencyCode;
  readonly merchant: InvoiceParty;
  readonly affiliate: InvoiceParty;
  readonly lines: readonly { readonly kind: InvoiceLine['kind']; readonly reference: string; readonly orderId: string | null; readonly amount: Decimal }[];
  /** Clawbacks netted from this payment (zero or positive). */
  readonly setOff: Decimal;
  readonly rule: InvoiceVatRule;
}

/**
 * The self-billing invoice of a completed payout: its lines are the supply (net), VAT by the merchant's
 * rule, and what was paid after setting off earlier clawbacks. A payout without lines has nothing to invoice.
 */
export const buildInvoice = (input: InvoiceInput): Result<InvoiceDocument, DomainError> => {
  if (input.lines.length === 0) return err(validationError('lines', 'an invoice pays at least one commission or award'));
  if (input.setOff.isNegative()) return err(validationError('setOff', 'must not be negative'));
  const { currency } = input;
  const lines: InvoiceLine[] = input.lines.map((line) => ({
    kind: line.kind,
    reference: line.reference,
    orderId: line.orderId,
    description: line.kind === 'commission' ? `Commission${line.orderId ? ` for order ${line.orderId}` : ''}` : 'Team bonus award',
    amount: formatAmount(line.amount, currency),
  }));
  const net = lines.reduce((sum, line) => sum.plus(line.amount), new Decimal(0));
  const vat = vatPart(input.rule, net, currency);
  const total = net.plus(vat.amount);
  const setOff = Decimal.min(roundToMinorUnit(input.setOff, currency), total);
  return ok({
    kind: 'invoice',
    number: invoiceNumber('invoice', input.mode, input.sequence),
    sequence: input.sequence,
    issueDate: input.issueDate,
    currency,
    merchant: input.merchant,
    affiliate: input.affiliate,
    lines,
    net: formatAmount(net, currency),
    vat,
    total: formatAmount(total, currency),
    setOff: formatAmount(setOff, currency),
    payable: formatAmount(total.minus(setOff), currency),
    correcting: null,
    notes: notesOf(input.rule),
  });
};

export interface CreditNoteInput {
  readonly invoice: InvoiceDocument;
  readonly mode: Mode;
  readonly sequence: number;
  readonly issueDate: string;
  /** The commission taken back (positive), from one line of the invoice. */
  readonly reference: string;
  readonly amount: Decimal;
  /** Net already credited against this invoice's line by earlier credit notes. */
  readonly creditedBefore: Decimal;
}

/**
 * A credit note for a clawback of a commission the invoice paid: the same parties, currency and VAT
 * rule (rate) as the invoice, negative figures, referring to the invoice. Credits of a line never add
 * up to more than the line.
 */
export const creditNoteFor = (input: CreditNoteInput): Result<InvoiceDocument, DomainError> => {
  const { invoice } = input;
  if (invoice.kind !== 'invoice') return err(validationError('invoice', 'a credit note corrects an invoice'));
  const line = invoice.lines.find((l) => l.reference === input.reference);
  if (!line) return err(validationError('reference', 'is not a line of the invoice'));
  const amount = roundToMinorUnit(input.amount, invoice.currency);
  if (amount.lte(0)) return err(validationError('amount', 'must be greater than 0'));
  if (amount.plus(input.creditedBefore).gt(line.amount)) return err(validationError('amount', `must not exceed the ${line.amount} the invoice paid for it`));
  const rule: InvoiceVatRule = invoice.vat.rule === 'charge' ? { kind: 'charge', rate: new Decimal(invoice.vat.rate ?? 0) } : { kind: invoice.vat.rule };
  const vat = vatPart(rule, amount, invoice.currency);
  const neg = (value: Decimal | string) => formatAmount(new Decimal(value).negated(), invoice.currency);
  const total = amount.plus(vat.amount);
  return ok({
    kind: 'credit_note',
    number: invoiceNumber('credit_note', input.mode, input.sequence),
    sequence: input.sequence,
    issueDate: input.issueDate,
    currency: invoice.currency,
    merchant: invoice.merchant,
    affiliate: invoice.affiliate,
    lines: [{ ...line, description: `Reversed: ${line.description.toLowerCase()} (refund after payout)`, amount: neg(amount) }],
    net: neg(amount),
    vat: { ...vat, amount: neg(vat.amount) },
    total: neg(total),
    setOff: formatAmount(0, invoice.currency),
    payable: neg(total),
    correcting: { number: invoice.number, issueDate: invoice.issueDate },
    notes: [...notesOf(rule), `Credit note to invoice ${invoice.number} of ${invoice.issueDate}.`],
  });
};
