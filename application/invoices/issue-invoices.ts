import {
  affiliatePartyOf,
  buildInvoice,
  creditNoteFor,
  type CommissionAdjustment,
  type DomainError,
  type InvoiceDocument,
} from '../../domain/index.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { InvoiceSettings, InvoiceSource, InvoiceStore, PaidLines } from '../ports/invoice-store.js';
import type { Logger } from '../ports/logger.js';
import type { TaxDetailsStore } from '../ports/tax-details-store.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Issues the self-billing invoice of every completed payout and the credit note of every clawback of
 * an invoiced commission, in the caller's transaction (the one that completes the payout or records
 * the clawback), so a document exists exactly when its money moved. Each source issues once.
 */
export class IssueInvoices {
  constructor(
    private readonly store: InvoiceStore,
    private readonly taxDetails: TaxDetailsStore,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
  ) {}

  /** The merchant's invoice settings, for a caller that issues many invoices in one run (the payout run). */
  settings(tenant: Tenant): Promise<InvoiceSettings> {
    return this.store.settings(tenant);
  }

  /**
   * A payment (commissions and awards together) the provider confirmed or the merchant marked paid.
   * `known`: the merchant's settings as the caller already read them (else read here).
   */
  async forPayment(tenant: Tenant, paymentId: string, now: Date, known?: InvoiceSettings): Promise<void> {
    await this.issue(tenant, { kind: 'payment', id: paymentId }, () => this.store.paymentLines(tenant, paymentId), now, known);
  }

  /** One payout row marked paid on its own (outside any payment). */
  async forPayout(tenant: Tenant, payoutId: string, now: Date): Promise<void> {
    await this.issue(tenant, { kind: 'payout', id: payoutId }, () => this.store.payoutLines(tenant, payoutId), now);
  }

  private async issue(tenant: Tenant, source: InvoiceSource, load: () => Promise<PaidLines | null>, now: Date, known?: InvoiceSettings): Promise<void> {
    if (await this.store.issuedFor(source)) return;
    const paid = await load();
    if (paid === null || paid.lines.length === 0) return;
    const [settings, parties, details] = await Promise.all([
      known ?? this.store.settings(tenant),
      this.store.parties(tenant, paid.affiliateId),
      this.taxDetails.latest(tenant.merchantId, paid.affiliateId),
    ]);
    const build = (sequence: number) => buildInvoice({
      mode: tenant.mode,
      sequence,
      issueDate: now.toISOString().slice(0, 10),
      currency: paid.currency,
      merchant: { name: settings.issuer.name ?? parties.merchantName, address: settings.issuer.address, vatId: settings.issuer.vatId },
      affiliate: affiliatePartyOf(details?.details ?? null, parties.affiliate.name),
      lines: paid.lines,
      setOff: paid.setOff,
      rule: settings.rule,
    });
    // Checked before a number is taken: a refused document never leaves a gap, and the payout still completes.
    const checked = build(1);
    if (checked.isErr()) return this.refused(source, checked.error);
    await this.save(tenant, paid.affiliateId, null, build(await this.store.nextSequence(tenant, 'invoice'))._unsafeUnwrap(), source, now);
  }

  /** A clawback of an invoiced commission: a credit note for what it took back, referring to the invoice. */
  async forClawback(adjustment: CommissionAdjustment, now: Date): Promise<void> {
    const tenant: Tenant = { merchantId: adjustment.merchantId, mode: adjustment.mode };
    const source: InvoiceSource = { kind: 'clawback', id: adjustment.id };
    if (await this.store.issuedFor(source)) return;
    const invoice = await this.store.invoiceOfLine(tenant, adjustment.conversionId);
    if (invoice === null || adjustment.amount.lte(0)) return;
    const creditedBefore = await this.store.creditedFor(invoice.id, adjustment.conversionId);
    const note = (sequence: number) => creditNoteFor({
      invoice: invoice.document,
      mode: tenant.mode,
      sequence,
      issueDate: now.toISOString().slice(0, 10),
      reference: adjustment.conversionId,
      amount: adjustment.amount,
      creditedBefore,
    });
    const checked = note(1);
    if (checked.isErr()) return this.refused(source, checked.error);
    await this.save(tenant, invoice.affiliateId, invoice.id, note(await this.store.nextSequence(tenant, 'credit_note'))._unsafeUnwrap(), source, now);
  }

  private async save(tenant: Tenant, affiliateId: string, correctsId: string | null, document: InvoiceDocument, source: InvoiceSource, now: Date): Promise<void> {
    await this.store.insert(tenant, { id: this.ids.next(), affiliateId, correctsId, createdAt: now, document }, source);
  }

  private refused(source: InvoiceSource, error: DomainError): void {
    this.logger.error({ source, code: error.code, message: error.message }, 'invoice not issued');
  }
}
