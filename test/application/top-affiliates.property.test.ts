import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AffiliateMonth, StatsQueries } from '../../application/ports/stats-queries.js';
import { compareTop, topAffiliates } from '../../application/stats/top-affiliates.js';
import { Decimal, type CurrencyCode, type ExchangeRateTable } from '../../domain/index.js';

type Ledger = Map<string, Map<CurrencyCode, { commission: Decimal; conversions: number }>>;

/** An in-memory StatsQueries over one month's ledger, counting how many rows the ranking reads. */
const fakeQueries = (ledger: Ledger) => {
  let rowsRead = 0;
  const queries: Pick<StatsQueries, 'topCommissions' | 'affiliateMonths'> = {
    async topCommissions(_tenant, _month, currency, limit) {
      const entries = [...ledger.entries()]
        .flatMap(([affiliateId, byCurrency]) => {
          const entry = byCurrency.get(currency);
          return entry ? [{ affiliateId, commission: entry.commission }] : [];
        })
        .sort((a, b) => b.commission.comparedTo(a.commission) || (a.affiliateId < b.affiliateId ? -1 : 1))
        .slice(0, limit);
      rowsRead += entries.length;
      return entries;
    },
    async affiliateMonths(_tenant, _month, ids) {
      return ids.flatMap((affiliateId): AffiliateMonth[] => {
        const byCurrency = ledger.get(affiliateId);
        if (!byCurrency) return [];
        return [
          {
            affiliateId,
            name: affiliateId,
            byCurrency: [...byCurrency.entries()]
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([currency, e]) => ({ currency, commission: e.commission, conversions: e.conversions })),
          },
        ];
      });
    },
  };
  return { queries: queries as StatsQueries, rowsRead: () => rowsRead };
};

const CURRENCIES = ['eur', 'jpy', 'usd', 'xxx'] as CurrencyCode[];
const tenant = { merchantId: 'm', mode: 'live' as const };

const ledgerArb = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: 40 }).map((n) => `aff-${String(n).padStart(2, '0')}`),
      fc.constantFrom(...CURRENCIES),
      // Few distinct values: ties everywhere, zero commissions included.
      fc.constantFrom(0, 1, 2, 5, 10, 20),
    ),
    { maxLength: 80 },
  )
  .map((entries) => {
    const ledger: Ledger = new Map();
    for (const [id, currency, commission] of entries) {
      const byCurrency = ledger.get(id) ?? new Map();
      const before = byCurrency.get(currency);
      byCurrency.set(currency, {
        commission: (before?.commission ?? new Decimal(0)).plus(commission),
        conversions: (before?.conversions ?? 0) + 1,
      });
      ledger.set(id, byCurrency);
    }
    return ledger;
  });

// `xxx` never has a rate (it counts as zero); the others may be missing, zero, or equal to each other.
const ratesArb = fc
  .tuple(fc.constantFrom(null, 0, 0.5, 1, 2), fc.constantFrom(null, 0.01, 1), fc.constantFrom(null, 1, 2))
  .map(([eur, jpy, usd]): ExchangeRateTable => {
    const usdPerUnit = new Map<CurrencyCode, Decimal>();
    if (eur !== null) usdPerUnit.set('eur' as CurrencyCode, new Decimal(eur));
    if (jpy !== null) usdPerUnit.set('jpy' as CurrencyCode, new Decimal(jpy));
    if (usd !== null) usdPerUnit.set('usd' as CurrencyCode, new Decimal(usd));
    return { day: '2027-03-15', usdPerUnit };
  });

describe('topAffiliates (threshold algorithm)', () => {
  it('ranks exactly as sorting every affiliate by converted commission, then id', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerArb, ratesArb, fc.integer({ min: 1, max: 6 }), async (ledger, rates, limit) => {
        const { queries } = fakeQueries(ledger);
        const currencies = CURRENCIES.filter((c) => [...ledger.values()].some((m) => m.has(c)));
        const fast = await topAffiliates(queries, tenant, '2027-03-01', currencies, rates, limit);
        const all = await topAffiliates(queries, tenant, '2027-03-01', currencies, rates, ledger.size || 1);
        const brute = [...all].sort(compareTop).slice(0, limit);
        expect(fast.map((a) => a.affiliateId)).toEqual(brute.map((a) => a.affiliateId));
        expect(all).toHaveLength(ledger.size);
      }),
      { numRuns: 500 },
    );
  });

  it('reads only the first rows of each currency when one currency dominates', async () => {
    const ledger: Ledger = new Map();
    for (let i = 0; i < 1000; i += 1) {
      ledger.set(`aff-${String(i).padStart(4, '0')}`, new Map([['usd' as CurrencyCode, { commission: new Decimal(i % 97), conversions: 1 }]]));
    }
    const { queries, rowsRead } = fakeQueries(ledger);
    const rates = { day: '2027-03-15', usdPerUnit: new Map([['usd' as CurrencyCode, new Decimal(1)]]) };
    const top = await topAffiliates(queries, tenant, '2027-03-01', ['usd' as CurrencyCode], rates, 5);
    expect(top.map((a) => a.commission.toNumber())).toEqual([96, 96, 96, 96, 96]);
    expect(rowsRead()).toBe(5);
  });
});
