import { err, ok, type Result } from 'neverthrow';
import { DEFAULT_CURRENCY, formatAmount, type DomainError } from '../../domain/index.js';
import type { AuditLog } from '../ports/audit-log.js';
import type { Actor } from '../shared/actor.js';
import { auditEntryFor, type RequestOrigin } from '../shared/request-origin.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Clock } from '../ports/clock.js';
import type { InvoiceStore } from '../ports/invoice-store.js';
import type { TaxDetailsStore } from '../ports/tax-details-store.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { TaxSummaries } from './tax-summaries.js';

/** The columns of a 1099-NEC filing import: one row per recipient, the payer repeated on each. */
export const FORM_1099_NEC_COLUMNS = [
  'Tax Year',
  'Payer Name',
  'Payer TIN',
  'Payer Address',
  'Recipient Account Number',
  'Recipient Name',
  'Recipient Business Name',
  'Recipient TIN Type',
  'Recipient TIN',
  'Recipient Address',
  'Recipient Address 2',
  'Recipient City',
  'Recipient State',
  'Recipient ZIP',
  'Recipient Country',
  'Box 1 Nonemployee Compensation',
  'Box 4 Federal Income Tax Withheld',
] as const;

export type Form1099NecRow = Readonly<Record<(typeof FORM_1099_NEC_COLUMNS)[number], string>>;

/**
 * The year's 1099-NEC rows: every affiliate whose summary says `due` (a W-9 payee, not a corporation,
 * paid at least the threshold in US dollars), with its TIN in the clear, as filing needs. The TINs
 * open only with the request's audit row written in the same transaction, as the full form does.
 * The payer's TIN is not collected by the service: the column is left for the merchant to fill.
 */
export class Form1099NecExport {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly summaries: TaxSummaries,
    private readonly store: TaxDetailsStore,
    private readonly invoices: InvoiceStore,
    private readonly auditLog: AuditLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** `actor` on the request `origin`, whose audit row is written before the TINs are read. */
  rows(tenant: Tenant, year: number, actor: Actor, origin: RequestOrigin): Promise<Result<readonly Form1099NecRow[], DomainError>> {
    return transactionalResult(this.uow, async () => {
      const summaries = await this.summaries.withUsd(tenant, year);
      if (summaries.isErr()) return err(summaries.error);
      const settings = await this.invoices.settings(tenant);
      await this.auditLog.append(auditEntryFor(actor, origin, tenant.merchantId, this.ids.next(), this.clock.now()));
      const rows: Form1099NecRow[] = [];
      for (const summary of summaries.value) {
        if (summary.form1099Nec !== 'due' || summary.usd === null) continue;
        const full = await this.store.latestFull(tenant.merchantId, summary.affiliateId);
        if (full?.details.form.form !== 'w9') continue;
        const w9 = full.details.form;
        const payerName = settings.issuer.name ?? (await this.invoices.parties(tenant, summary.affiliateId)).merchantName;
        rows.push({
          'Tax Year': String(year),
          'Payer Name': payerName,
          'Payer TIN': '',
          'Payer Address': settings.issuer.address.join(', '),
          'Recipient Account Number': summary.affiliateId.replace(/-/g, '').slice(0, 20),
          'Recipient Name': w9.legalName,
          'Recipient Business Name': w9.businessName ?? '',
          'Recipient TIN Type': w9.tinType.toUpperCase(),
          'Recipient TIN': w9.tin,
          'Recipient Address': w9.address.line1,
          'Recipient Address 2': w9.address.line2 ?? '',
          'Recipient City': w9.address.city,
          'Recipient State': w9.address.state,
          'Recipient ZIP': w9.address.zip,
          'Recipient Country': 'US',
          'Box 1 Nonemployee Compensation': formatAmount(summary.usd, DEFAULT_CURRENCY),
          'Box 4 Federal Income Tax Withheld': '0.00',
        });
      }
      return ok(rows);
    });
  }
}
