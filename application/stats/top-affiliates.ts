import { convertedTotal, Decimal, money, sumAsRecorded, type CurrencyCode, type ExchangeRateTable } from '../../domain/index.js';
import type { AffiliateMonth, StatsQueries } from '../ports/stats-queries.js';
import type { Tenant } from '../shared/tenant.js';

export interface TopAffiliate {
  readonly affiliateId: string;
  readonly name: string;
  /** All currencies added as recorded (spec rule 5). */
  readonly commission: Decimal;
  readonly commissionByCurrency: readonly { readonly currency: CurrencyCode; readonly amount: Decimal }[];
  readonly conversions: number;
  /** The commission in US dollars at the day's rates: the ranking key, never shown. */
  readonly rankingValue: Decimal;
}

const toTop = (month: AffiliateMonth, rates: ExchangeRateTable): TopAffiliate => {
  const commissionByCurrency = month.byCurrency.map((c) => ({ currency: c.currency, amount: c.commission }));
  return {
    affiliateId: month.affiliateId,
    name: month.name,
    commission: sumAsRecorded(commissionByCurrency.map((c) => money(c.amount, c.currency))),
    commissionByCurrency,
    conversions: month.byCurrency.reduce((n, c) => n + c.conversions, 0),
    rankingValue: convertedTotal(commissionByCurrency, rates),
  };
};

/** Higher converted commission first; equal ones by affiliate id. */
export const compareTop = (a: TopAffiliate, b: TopAffiliate): number =>
  b.rankingValue.comparedTo(a.rankingValue) || (a.affiliateId < b.affiliateId ? -1 : a.affiliateId > b.affiliateId ? 1 : 0);

/**
 * The month's `limit` affiliates with the highest commission, currencies compared at `rates`
 * (`convertedTotal`; ties by affiliate id), without reading every affiliate of the month: a threshold
 * algorithm over each currency's affiliates ranked by commission (then id). It reads the best `k` of
 * every currency, ranks the candidates by their exact converted totals, and stops once no affiliate
 * not yet seen can rank above the `limit`-th candidate: such an affiliate is worth at most the bound
 * τ = Σ rate × (k-th commission) over the currencies not read to the end, and can only tie with τ
 * if it comes after the k-th in each of those lists (a larger id). Otherwise it reads four times
 * deeper. With one currency it stops after the first read.
 */
export const topAffiliates = async (
  queries: StatsQueries,
  tenant: Tenant,
  month: string,
  currencies: readonly CurrencyCode[],
  rates: ExchangeRateTable,
  limit: number,
): Promise<TopAffiliate[]> => {
  if (currencies.length === 0 || limit <= 0) return [];
  for (let k = limit; ; k *= 4) {
    const lists = await Promise.all(currencies.map((currency) => queries.topCommissions(tenant, month, currency, k)));
    const ids = [...new Set(lists.flatMap((list) => list.map((entry) => entry.affiliateId)))];
    const ranked = (await queries.affiliateMonths(tenant, month, ids)).map((m) => toTop(m, rates)).sort(compareTop);
    if (lists.every((list) => list.length < k)) return ranked.slice(0, limit);
    let bound = new Decimal(0);
    let lastKthId: string | null = null;
    for (const [i, list] of lists.entries()) {
      const kth = list.length === k ? list[k - 1] : undefined;
      const rate = rates.usdPerUnit.get(currencies[i]!);
      if (!kth || !rate || rate.isZero() || kth.commission.isZero()) continue;
      bound = bound.plus(kth.commission.times(rate));
      if (lastKthId === null || kth.affiliateId > lastKthId) lastKthId = kth.affiliateId;
    }
    const cutoff = ranked[limit - 1];
    if (cutoff && (cutoff.rankingValue.gt(bound) || (cutoff.rankingValue.eq(bound) && lastKthId !== null && cutoff.affiliateId <= lastKthId))) {
      return ranked.slice(0, limit);
    }
  }
};
