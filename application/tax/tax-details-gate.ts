import { needsTaxDetails, rateHistory, type CurrencyCode, type Decimal, type TaxDetailsRequirement } from '../../domain/index.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import type { TaxDetailsStore } from '../ports/tax-details-store.js';
import type { TaxPayoutHolds } from '../ports/tax-payout-holds.js';
import type { Tenant } from '../shared/tenant.js';

/** The reason a held payout row carries while it waits for the affiliate's tax details. */
export const TAX_DETAILS_MISSING = 'tax_details_missing';

/**
 * The payout job's one question to the tax side: must this payment wait for tax details? The rule is
 * `needsTaxDetails` (domain/tax/tax-payout-rule.ts); this loads what it reads. A rate missing for a
 * conversion holds the payment too: paying past an unknown threshold is the mistake that cannot be undone.
 */
export class TaxDetailsGate {
  constructor(
    private readonly holds: TaxPayoutHolds,
    private readonly store: TaxDetailsStore,
    private readonly rates: ExchangeRates,
  ) {}

  /** The merchant's rule, for a caller that reads it once for many payments (the payout run). */
  requirement(tenant: Tenant): Promise<TaxDetailsRequirement> {
    return this.holds.requirement(tenant);
  }

  /** `known`: the merchant's rule as the caller already read it (else read here). */
  async mustWait(tenant: Tenant, affiliateId: string, amount: Decimal, currency: CurrencyCode, now: Date, known?: TaxDetailsRequirement): Promise<boolean> {
    const requirement: TaxDetailsRequirement = known ?? (await this.holds.requirement(tenant));
    if (requirement.kind === 'off') return false;
    if ((await this.store.withDetails(tenant.merchantId, [affiliateId])).has(affiliateId)) return false;
    const day = now.toISOString().slice(0, 10);
    const year = now.getUTCFullYear();
    const earlier = requirement.kind === 'above_yearly_total' ? await this.holds.paidInYear(tenant, affiliateId, year) : [];
    const currencies = [...new Set([currency, ...earlier.map((p) => p.currency), requirement.kind === 'above_yearly_total' ? (requirement.threshold?.currency ?? ('usd' as CurrencyCode)) : currency])];
    const history = requirement.kind === 'above_yearly_total' ? rateHistory(await this.rates.history(currencies, `${year}-01-01`, day)) : rateHistory([]);
    return needsTaxDetails({ requirement, hasTaxDetails: false, payout: { amount, currency, day }, paidEarlierInYear: earlier, rates: history }).unwrapOr(true);
  }

  /** How many of the affiliate's payouts wait for its tax details (the portal says so). */
  waiting(merchantId: string, affiliateId: string): Promise<number> {
    return this.holds.heldCount(merchantId, affiliateId, TAX_DETAILS_MISSING);
  }

  /** After a save: rows held for the details become due now. */
  async released(merchantId: string, affiliateId: string, now: Date): Promise<void> {
    await this.holds.releaseHeld(merchantId, affiliateId, TAX_DETAILS_MISSING, now);
  }
}
