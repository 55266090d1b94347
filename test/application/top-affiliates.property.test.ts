import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AffiliateMonth, StatsQueries } from '../../application/ports/stats-queries.js';
import { topAffiliates } from '../../application/stats/top-affiliates.js';
import { Decimal, type CurrencyCode, type ExchangeRateTable } from '../../domain/index.js';

/** Per affiliate and currency: the commission (whole units, kept as an integer too) and the sales. */
type Ledger = Map<string, Map<CurrencyCode, { commission: Decimal; units: number; conversions: number }>>;

/** The day's rates, each also as a whole number of hundredths of a dollar per unit (all generated rates are). */
interface Rates extends ExchangeRateTable {
  readonly hundredths: ReadonlyMap<CurrencyCode, number>;
}

/**
 * Every affiliate ranked by the definition: commission converted at the day's rates (a currency
 * without a rate counts as zero), then id. Counted in integers (whole units × hundredths of a dollar),
 * independently of the domain's `convertedTotal`, which the code under test ranks with.
 */
const bruteForce = (ledger: Ledger, rates: Rates): string[] =>
  [...ledger.entries()]
    .map(([id, byCurrency]) => ({
      id,
      value: [...byCurrency.entries()].reduce((sum, [currency, e]) => sum + e.units * (rates.hundredths.get(currency) ?? 0), 0),
    }))
    .sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : 1))
    .map((a) => a.id);

const byValueThenId = (a: { affiliateId: string; commission: Decimal }, b: { affiliateId: string; commission: Decimal }) =>
  b.commission.comparedTo(a.commission) || (a.affiliateId < b.affiliateId ? -1 : 1);

/** An in-memory StatsQueries over one month's ledger, counting how many rows the ranking reads. */
const fakeQueries = (ledger: Ledger, references: ReadonlyMap<CurrencyCode, Decimal> = new Map()) => {
  let rowsRead = 0;
  let fullRankings = 0;
  const queries: Pick<
    StatsQueries,
    'topCommissions' | 'affiliateMonths' | 'rankByConvertedCommission' | 'referenceRates' | 'topReferenceCommissions'
  > = {
    async referenceRates() {
      return references;
    },
    async topReferenceCommissions(_tenant, _month, limit) {
      const entries = [...ledger.entries()]
        .map(([affiliateId, byCurrency]) => ({
          affiliateId,
          commission: [...byCurrency.entries()].reduce(
            (sum, [currency, e]) => sum.plus(e.commission.times(references.get(currency) ?? 0)),
            new Decimal(0),
          ),
        }))
        .sort(byValueThenId)
        .slice(0, limit);
      rowsRead += entries.length;
      return entries;
    },
    async rankByConvertedCommission(_tenant, _month, rates, limit) {
      fullRankings += 1;
      rowsRead += ledger.size;
      return bruteForce(ledger, rates as Rates).slice(0, limit);
    },
    async topCommissions(_tenant, _month, currency, limit) {
      const entries = [...ledger.entries()]
        .flatMap(([affiliateId, byCurrency]) => {
          const entry = byCurrency.get(currency);
          return entry ? [{ affiliateId, commission: entry.commission }] : [];
        })
        .sort(byValueThenId)
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
  return { queries: queries as StatsQueries, rowsRead: () => rowsRead, fullRankings: () => fullRankings };
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
        units: (before?.units ?? 0) + commission,
        conversions: (before?.conversions ?? 0) + 1,
      });
      ledger.set(id, byCurrency);
    }
    return ledger;
  });

/** A day's rate table from rates in hundredths of a dollar per unit (null: no rate that day). */
const ratesOf = (hundredths: Record<string, number | null>): Rates => {
  const known = Object.entries(hundredths).filter((entry): entry is [string, number] => entry[1] !== null) as [CurrencyCode, number][];
  return {
    day: '2027-03-15',
    usdPerUnit: new Map(known.map(([currency, h]) => [currency, new Decimal(h).dividedBy(100)])),
    hundredths: new Map(known),
  };
};

// `xxx` never has a rate (it counts as zero); the others may be missing, zero, or equal to each other.
const ratesArb = fc
  .tuple(fc.constantFrom(null, 0, 50, 100, 200), fc.constantFrom(null, 1, 100), fc.constantFrom(null, 100, 200))
  .map(([eur, jpy, usd]) => ratesOf({ eur, jpy, usd }));

// Reference rates: none, some or all currencies (never `xxx`), equal to the day's or not.
const referencesArb = fc
  .tuple(fc.constantFrom(null, 0.5, 1, 1.1), fc.constantFrom(null, 0.01, 0.02), fc.constantFrom(null, 1, 3))
  .map(([eur, jpy, usd]) => {
    const references = new Map<CurrencyCode, Decimal>();
    if (eur !== null) references.set('eur' as CurrencyCode, new Decimal(eur));
    if (jpy !== null) references.set('jpy' as CurrencyCode, new Decimal(jpy));
    if (usd !== null) references.set('usd' as CurrencyCode, new Decimal(usd));
    return references as ReadonlyMap<CurrencyCode, Decimal>;
  });

describe('topAffiliates (threshold algorithm)', () => {
  it('ranks exactly as sorting every affiliate by converted commission, then id, at any depth before the fallback', async () => {
    await fc.assert(
      fc.asyncProperty(
        ledgerArb,
        ratesArb,
        referencesArb,
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(1, 5, 20, 1000),
        async (ledger, rates, references, limit, depth) => {
        const { queries } = fakeQueries(ledger, references);
        const currencies = CURRENCIES.filter((c) => [...ledger.values()].some((m) => m.has(c)));
        const top = await topAffiliates(queries, tenant, '2027-03-01', currencies, rates, limit, depth);
        expect(top.map((a) => a.affiliateId)).toEqual(bruteForce(ledger, rates).slice(0, limit));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a tie by id when the reference ratio has no exact decimal (2 / 1.1)', async () => {
    const one = (currency: string, units: number) => new Map([[currency as CurrencyCode, { commission: new Decimal(units), units, conversions: 1 }]]);
    const ledger: Ledger = new Map([
      ['aff-00', one('eur', 5)],
      ['aff-01', one('eur', 5)],
      ['aff-02', one('usd', 5)],
      ['aff-03', one('eur', 20)],
    ]);
    const references = new Map([['eur' as CurrencyCode, new Decimal('1.1')], ['usd' as CurrencyCode, new Decimal(3)]]);
    const rates = ratesOf({ eur: 200, usd: 200 });
    const { queries } = fakeQueries(ledger, references);
    const top = await topAffiliates(queries, tenant, '2027-03-01', ['eur', 'usd'] as CurrencyCode[], rates, 3);
    // aff-00, aff-01 and aff-02 are all worth 10 USD: the unread aff-01 outranks aff-02 by id.
    expect(top.map((a) => a.affiliateId)).toEqual(['aff-03', 'aff-00', 'aff-01']);
  });

  it('falls back to ranking every affiliate when commissions spread evenly over currencies', async () => {
    const ledger: Ledger = new Map();
    for (let i = 0; i < 1000; i += 1) {
      // Each affiliate sells in one of two currencies worth the same: no short list settles the top.
      const currency = (i % 2 === 0 ? 'usd' : 'eur') as CurrencyCode;
      ledger.set(`aff-${String(i).padStart(4, '0')}`, new Map([[currency, { commission: new Decimal(1 + (i % 7)), units: 1 + (i % 7), conversions: 1 }]]));
    }
    const rates = ratesOf({ usd: 100, eur: 100 });
    const { queries, fullRankings } = fakeQueries(ledger);
    const top = await topAffiliates(queries, tenant, '2027-03-01', ['eur', 'usd'] as CurrencyCode[], rates, 5, 20);
    expect(top.map((a) => a.affiliateId)).toEqual(bruteForce(ledger, rates).slice(0, 5));
    expect(fullRankings()).toBe(1);
  });

  it('settles the same spread from the reference list while the day’s rates stay near the references', async () => {
    const ledger: Ledger = new Map();
    for (let i = 0; i < 1000; i += 1) {
      const currency = (i % 2 === 0 ? 'usd' : 'eur') as CurrencyCode;
      ledger.set(`aff-${String(i).padStart(4, '0')}`, new Map([[currency, { commission: new Decimal(1 + (i % 7)), units: 1 + (i % 7), conversions: 1 }]]));
    }
    const references = new Map([['usd' as CurrencyCode, new Decimal(1)], ['eur' as CurrencyCode, new Decimal('1.1')]]);
    const rates = ratesOf({ usd: 100, eur: 112 });
    const { queries, fullRankings, rowsRead } = fakeQueries(ledger, references);
    const top = await topAffiliates(queries, tenant, '2027-03-01', ['eur', 'usd'] as CurrencyCode[], rates, 5);
    expect(top.map((a) => a.affiliateId)).toEqual(bruteForce(ledger, rates).slice(0, 5));
    expect(fullRankings()).toBe(0);
    expect(rowsRead()).toBeLessThanOrEqual(5 + 20);
  });

  it('reads only the first rows of each currency when one currency dominates', async () => {
    const ledger: Ledger = new Map();
    for (let i = 0; i < 1000; i += 1) {
      ledger.set(`aff-${String(i).padStart(4, '0')}`, new Map([['usd' as CurrencyCode, { commission: new Decimal(i % 97), units: i % 97, conversions: 1 }]]));
    }
    const { queries, rowsRead } = fakeQueries(ledger);
    const rates = ratesOf({ usd: 100 });
    const top = await topAffiliates(queries, tenant, '2027-03-01', ['usd' as CurrencyCode], rates, 5);
    expect(top.map((a) => a.commission.toNumber())).toEqual([96, 96, 96, 96, 96]);
    expect(rowsRead()).toBe(5);
  });
});
