import type { Container } from '../token.js';
import type { TaxDetailsRouteDependencies } from '../../adapters/http/routes/tax-details.routes.js';
import { SqlTaxDetailsStore } from '../../adapters/persistence/repositories/sql-tax-details-store.js';
import { SaveTaxDetails } from '../../application/tax/save-tax-details.js';
import { TaxDetailsReads } from '../../application/tax/tax-details-reads.js';
import { TaxDetailsGate } from '../../application/tax/tax-details-gate.js';
import { TaxSettings } from '../../application/tax/tax-settings.js';
import { TaxSummaries } from '../../application/tax/tax-summaries.js';
import { SqlTaxPayoutHolds } from '../../adapters/persistence/repositories/sql-tax-payout-holds.js';
import { TOKENS as T } from '../tokens.js';
import { VIES_API_BASE, ViesVatIdChecker } from '../../adapters/vies/vies-vat-id-checker.js';
import { SqlInvoiceStore } from '../../adapters/persistence/repositories/sql-invoice-store.js';
import { IssueInvoices } from '../../application/invoices/issue-invoices.js';
import { Form1099NecExport } from '../../application/tax/form-1099-nec-export.js';
import { InvoiceReads } from '../../application/invoices/invoice-reads.js';
import { InvoiceSettingsUseCase } from '../../application/invoices/invoice-settings.js';
import { single } from './single.js';

/** Tax details: the sealed store (the payout credentials' key), the portal's save and the merchant's reads. */
export const registerTax = (c: Container): void => {
  c.register(T.TaxDetailsStore, single((r) => new SqlTaxDetailsStore(r.resolve(T.Orm), r.resolve(T.SecretBox))));
  c.register(T.InvoiceStore, single((r) => new SqlInvoiceStore(r.resolve(T.Orm))));
  c.register(T.IssueInvoices, single((r) => new IssueInvoices(r.resolve(T.InvoiceStore), r.resolve(T.TaxDetailsStore), r.resolve(T.Ids), r.resolve(T.Logger))));
  c.register(T.InvoiceReads, single((r) => new InvoiceReads(r.resolve(T.InvoiceStore))));
  c.register(T.InvoiceSettings, single((r) => new InvoiceSettingsUseCase(r.resolve(T.UnitOfWork), r.resolve(T.InvoiceStore), r.resolve(T.Clock))));
  c.register(T.TaxPayoutHolds, single((r) => new SqlTaxPayoutHolds(r.resolve(T.Orm))));
  c.register(T.TaxDetailsGate, single((r) => new TaxDetailsGate(r.resolve(T.TaxPayoutHolds), r.resolve(T.TaxDetailsStore), r.resolve(T.ExchangeRates))));
  c.register(T.TaxSettings, single((r) => new TaxSettings(r.resolve(T.UnitOfWork), r.resolve(T.TaxPayoutHolds), r.resolve(T.MerchantRepository), r.resolve(T.Clock))));
  c.register(
    T.TaxSummaries,
    single((r) => new TaxSummaries(r.resolve(T.TaxPayoutHolds), r.resolve(T.TaxDetailsStore), r.resolve(T.ExchangeRates), r.resolve(T.MerchantRepository))),
  );
  c.register(
    T.SaveTaxDetails,
    single((r) => {
      const gate = r.resolve(T.TaxDetailsGate);
      const config = r.resolve(T.Config);
      return new SaveTaxDetails(
        r.resolve(T.UnitOfWork),
        r.resolve(T.AffiliateRepository),
        r.resolve(T.TaxDetailsStore),
        r.resolve(T.EventOutbox),
        r.resolve(T.Ids),
        r.resolve(T.Clock),
        (merchantId, affiliateId, now) => gate.released(merchantId, affiliateId, now),
        config.viesCheck ? new ViesVatIdChecker(config.viesApiBase ?? VIES_API_BASE) : null,
        r.resolve(T.Logger),
      );
    }),
  );
  c.register(
    T.TaxDetailsReads,
    single((r) => new TaxDetailsReads(r.resolve(T.UnitOfWork), r.resolve(T.AffiliateRepository), r.resolve(T.TaxDetailsStore), r.resolve(T.AuditLog), r.resolve(T.Ids), r.resolve(T.Clock))),
  );
};

/** Rotation: tax forms sealed with a previous key are resealed with the current one, as payout credentials are. */
export const resealTaxForms = (c: Container): Promise<number> =>
  c.resolve(T.UnitOfWork).transaction(() => c.resolve(T.TaxDetailsStore).resealAll());

export const taxHttp = (c: Container): TaxDetailsRouteDependencies => ({
  taxDetails: c.resolve(T.TaxDetailsReads),
  taxSettings: c.resolve(T.TaxSettings),
  taxSummaries: c.resolve(T.TaxSummaries),
  invoices: c.resolve(T.InvoiceReads),
  invoiceSettings: c.resolve(T.InvoiceSettings),
  form1099Nec: new Form1099NecExport(c.resolve(T.UnitOfWork), c.resolve(T.TaxSummaries), c.resolve(T.TaxDetailsStore), c.resolve(T.InvoiceStore), c.resolve(T.AuditLog), c.resolve(T.Ids), c.resolve(T.Clock)),
});
