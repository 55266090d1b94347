import { convertedTotal, Decimal, money, sumAsRecorded, type CurrencyCode, type ExchangeRateTable } from '../../domain/index.js';
import type { AffiliateMonth, RankedCommission, StatsQueries } from '../ports/stats-queries.js';
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

/** How deep the threshold ranking reads its lists before ranking every affiliate of the month instead. */
export const THRESHOLD_DEPTH = 100;

/**
 * A ranked list the threshold algorithm reads: an unseen affiliate is worth at most `factor` × its
 * k-th value. The factor stays a fraction (`over` / `under`): a ratio such as 2 / 1.1 as a decimal is
 * rounded, and a bound a hair under an affiliate's true worth let it lose a tie it should have won.
 */
interface RankedList {
  readonly read: (k: number) => Promise<readonly RankedCommission[]>;
  readonly over: Decimal;
  readonly under: Decimal;
}

/**
 * The month's `limit` affiliates with the highest commission, currencies compared at `rates`
 * (`convertedTotal`; ties by affiliate id), usually by reading a handful of rows: a threshold
 * algorithm over ranked lists that together cover every currency of the month:
 *
 * - one list of affiliates by their commission at the fixed reference rates (currencies that have
 *   one). At the day's rates an affiliate is worth at most R × that value, R the largest ratio of a
 *   day's rate to its reference rate over those currencies (1 while the rates equal the references);
 * - one list per currency without a reference rate, by commission; worth at most the day's rate × it.
 *
 * It reads the best `k` of every list, ranks the candidates by their exact converted totals, and stops
 * once no affiliate not yet seen can rank above the `limit`-th candidate: such an affiliate is worth
 * at most τ = Σ factor × (k-th value) over the lists not read to the end, and can only tie with τ if it
 * comes after the k-th in each of those lists (a larger id). Otherwise it reads four times deeper, up
 * to `maxDepth` rows a list; past that (rates far from their references) it ranks every affiliate of
 * the month in one query (cost: the month's affiliates, never its sales).
 */
export const topAffiliates = async (
  queries: StatsQueries,
  tenant: Tenant,
  month: string,
  currencies: readonly CurrencyCode[],
  rates: ExchangeRateTable,
  limit: number,
  maxDepth = THRESHOLD_DEPTH,
): Promise<TopAffiliate[]> => {
  if (currencies.length === 0 || limit <= 0) return [];
  const ranked = async (ids: readonly string[]) =>
    (await queries.affiliateMonths(tenant, month, ids)).map((m) => toTop(m, rates)).sort(compareTop);
  const references = await queries.referenceRates();
  const lists: RankedList[] = [];
  let ratio: { over: Decimal; under: Decimal } | null = null;
  for (const currency of currencies) {
    const reference = references.get(currency);
    const rate = rates.usdPerUnit.get(currency) ?? new Decimal(0);
    if (reference) {
      // rate / reference > over / under, compared without dividing (references are positive).
      if (ratio === null || rate.times(ratio.under).gt(ratio.over.times(reference))) ratio = { over: rate, under: reference };
    } else {
      lists.push({ read: (k) => queries.topCommissions(tenant, month, currency, k), over: rate, under: new Decimal(1) });
    }
  }
  if (ratio !== null) lists.unshift({ read: (k) => queries.topReferenceCommissions(tenant, month, k), ...ratio });
  // Every bound is compared multiplied by this: the one fractional factor's denominator, if any.
  const scale = ratio?.under ?? new Decimal(1);

  for (let k = limit; k <= maxDepth; k *= 4) {
    const read = await Promise.all(lists.map((list) => list.read(k)));
    const candidates = await ranked([...new Set(read.flatMap((entries) => entries.map((entry) => entry.affiliateId)))]);
    if (read.every((entries) => entries.length < k)) return candidates.slice(0, limit);
    // τ × scale, exactly: each list's k-th value × its factor × scale.
    let scaledBound = new Decimal(0);
    let lastKthId: string | null = null;
    for (const [i, entries] of read.entries()) {
      const kth = entries.length === k ? entries[k - 1] : undefined;
      const { over, under } = lists[i]!;
      if (!kth || over.isZero() || kth.commission.isZero()) continue;
      scaledBound = scaledBound.plus(kth.commission.times(over).times(scale).dividedBy(under));
      if (lastKthId === null || kth.affiliateId > lastKthId) lastKthId = kth.affiliateId;
    }
    const cutoff = candidates[limit - 1];
    const scaledCutoff = cutoff?.rankingValue.times(scale);
    if (
      cutoff &&
      scaledCutoff &&
      (scaledCutoff.gt(scaledBound) || (scaledCutoff.eq(scaledBound) && lastKthId !== null && cutoff.affiliateId <= lastKthId))
    ) {
      return candidates.slice(0, limit);
    }
  }
  return (await ranked(await queries.rankByConvertedCommission(tenant, month, rates, limit))).slice(0, limit);
};
