import type { ProviderSaleFact } from '../../../../application/ports/provider-sales-ledger.js';
import { Decimal, type CurrencyCode } from '../../../../domain/index.js';

/** How a kept sale is stored: the neutral fact with its amounts as decimal text. */
type StoredSale = Omit<ProviderSaleFact, 'figures'> & {
  readonly figures: { readonly amount: string; readonly taxAmount: string | null; readonly currency: string };
};

export const storedSale = (sale: ProviderSaleFact): StoredSale => ({
  ...sale,
  figures: { amount: sale.figures.amount.toFixed(), taxAmount: sale.figures.taxAmount?.toFixed() ?? null, currency: sale.figures.currency },
});

export const saleFromStored = (stored: StoredSale): ProviderSaleFact => ({
  ...stored,
  figures: {
    amount: new Decimal(stored.figures.amount),
    taxAmount: stored.figures.taxAmount === null ? null : new Decimal(stored.figures.taxAmount),
    currency: stored.figures.currency as CurrencyCode,
  },
});
