import type { CurrencyCode, Decimal, InvoiceDocument, InvoiceKind, InvoiceParty, InvoiceVatRule } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** What a completed payout pays: its commissions (with their sales' order ids) and awards, and what was set off. */
export interface PaidLines {
  readonly affiliateId: string;
  readonly currency: CurrencyCode;
  readonly lines: readonly { readonly kind: 'commission' | 'award'; readonly reference: string; readonly orderId: string | null; readonly amount: Decimal }[];
  readonly setOff: Decimal;
}

/** An issued invoice or credit note, as stored. */
export interface StoredInvoice {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Tenant['mode'];
  readonly affiliateId: string;
  readonly correctsId: string | null;
  readonly createdAt: Date;
  readonly document: InvoiceDocument;
}

export type InvoiceSource = { readonly kind: 'payment' | 'payout' | 'clawback'; readonly id: string };

export interface InvoiceSettings {
  readonly rule: InvoiceVatRule;
  /** The issuer as printed; null fields fall back to the merchant's business name. */
  readonly issuer: { readonly name: string | null; readonly address: readonly string[]; readonly vatId: string | null };
}

export interface InvoiceFilter {
  readonly from?: string;
  readonly to?: string;
  readonly affiliateId?: string;
  readonly limit: number;
}

/** `invoices` and their counters; every call joins the caller's transaction. */
export interface InvoiceStore {
  /** The next number of a kind, its counter row locked until the transaction ends (gapless). */
  nextSequence(tenant: Tenant, kind: InvoiceKind): Promise<number>;
  /** Has this source been invoiced already (an answer recorded twice issues once)? */
  issuedFor(source: InvoiceSource): Promise<boolean>;
  insert(tenant: Tenant, invoice: Omit<StoredInvoice, 'merchantId' | 'mode'>, source: InvoiceSource): Promise<void>;
  /** The completed lines of a payment (`payout_payments`), or of one payout row paid by hand on its own. */
  paymentLines(tenant: Tenant, paymentId: string): Promise<PaidLines | null>;
  payoutLines(tenant: Tenant, payoutId: string): Promise<PaidLines | null>;
  /** The invoice that paid a conversion's commission, if one was issued. */
  invoiceOfLine(tenant: Tenant, reference: string): Promise<StoredInvoice | null>;
  /** Net already credited against a line of an invoice (positive). */
  creditedFor(invoiceId: string, reference: string): Promise<Decimal>;
  find(tenant: Tenant, id: string): Promise<StoredInvoice | null>;
  list(tenant: Tenant, filter: InvoiceFilter): Promise<readonly StoredInvoice[]>;
  settings(tenant: Tenant): Promise<InvoiceSettings>;
  saveSettings(tenant: Tenant, settings: InvoiceSettings, now: Date): Promise<void>;
  /** The parties as printed: the merchant's business name and the affiliate's form name, address and VAT id. */
  parties(tenant: Tenant, affiliateId: string): Promise<{ readonly merchantName: string; readonly affiliate: InvoiceParty }>;
}
