import { err, ok, type Result } from 'neverthrow';
import {
  DEFAULT_CURRENCY,
  form1099NecDue,
  formatAmount,
  irs1099NecThreshold,
  rateHistory,
  totalIn,
  type CurrencyCode,
  type DatedAmount,
  type Decimal,
  type DomainError,
  type TaxForm,
  type TaxFormKind,
} from '../../domain/index.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { TaxDetailsStore } from '../ports/tax-details-store.js';
import type { TaxPayoutHolds } from '../ports/tax-payout-holds.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

export interface AffiliateYearSummary {
  readonly affiliateId: string;
  /** Per currency, what was paid (never converted). */
  readonly payments: readonly { readonly currency: CurrencyCode; readonly amount: string }[];
  /** The year's payments in the reporting currency, each at its own day's rate; null when a rate is unknown. */
  readonly total: { readonly amount: string; readonly currency: CurrencyCode } | null;
  readonly formOnFile: TaxFormKind | null;
  readonly form1099Nec: 'due' | 'not_due' | 'form_missing' | 'rate_unavailable';
}

/** `GET /tax/summaries?year=`: one row per affiliate paid in the calendar year. */
export class TaxSummaries {
  constructor(
    private readonly holds: TaxPayoutHolds,
    private readonly store: TaxDetailsStore,
    private readonly rates: ExchangeRates,
    private readonly merchants: MerchantRepository,
  ) {}

  async execute(tenant: Tenant, year: number): Promise<Result<readonly AffiliateYearSummary[], DomainError>> {
    return (await this.withUsd(tenant, year)).map((rows) => rows.map(({ usd: _usd, ...row }) => row));
  }

  /** The summaries with each year's total in US dollars (the 1099-NEC's box 1), null when a rate is unknown. */
  async withUsd(tenant: Tenant, year: number): Promise<Result<readonly (AffiliateYearSummary & { readonly usd: Decimal | null })[], DomainError>> {
    const merchant = await this.merchants.findById(tenant.merchantId);
    if (!merchant) return err(notFound('Merchant'));
    const payments = await this.holds.yearPayments(tenant, year);
    const currencies = [...new Set([DEFAULT_CURRENCY, merchant.reportingCurrency, ...payments.map((p) => p.currency)])];
    const history = rateHistory(payments.length === 0 ? [] : await this.rates.history(currencies, `${year}-01-01`, `${year}-12-31`));
    const byAffiliate = new Map<string, DatedAmount[]>();
    for (const p of payments) byAffiliate.set(p.affiliateId, [...(byAffiliate.get(p.affiliateId) ?? []), p]);
    const threshold = irs1099NecThreshold(year);
    const rows: (AffiliateYearSummary & { readonly usd: Decimal | null })[] = [];
    for (const [affiliateId, paid] of byAffiliate) {
      const perCurrency = new Map<CurrencyCode, Decimal>();
      for (const p of paid) perCurrency.set(p.currency, (perCurrency.get(p.currency) ?? p.amount.minus(p.amount)).plus(p.amount));
      const record = await this.store.latest(tenant.merchantId, affiliateId);
      const total = totalIn(paid, merchant.reportingCurrency, history);
      const usd = totalIn(paid, DEFAULT_CURRENCY, history);
      // The masked form keeps every field the 1099 rule reads (kind and classification).
      const form = (record?.details.form ?? null) as TaxForm | null;
      rows.push({
        affiliateId,
        payments: [...perCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: formatAmount(amount, currency) })),
        total: total.isOk() ? { amount: formatAmount(total.value.total, merchant.reportingCurrency), currency: merchant.reportingCurrency } : null,
        formOnFile: form?.form ?? null,
        form1099Nec: usd.isOk() ? form1099NecDue(form, usd.value.total, threshold) : 'rate_unavailable',
        usd: usd.isOk() ? usd.value.total : null,
      });
    }
    return ok(rows);
  }
}
