import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEarningsCap,
  convertAmount,
  Decimal,
  rateHistory,
  rateOn,
  reachedTierIn,
  totalIn,
  usdPerUnitFromEuroBase,
  type CurrencyCode,
  type DatedAmount,
  type DatedRate,
  type VolumeTiers,
} from '../../domain/index.js';

const usd = 'usd' as CurrencyCode;
const jpy = 'jpy' as CurrencyCode;
const eur = 'eur' as CurrencyCode;

const DAYS = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'] as const;
const dayArb = fc.constantFrom(...DAYS);
/** Whole yen, up to 100 million. */
const yenArb = fc.integer({ min: 0, max: 100_000_000 }).map((n) => new Decimal(n));
/** US dollars per yen, 0.001 to 0.0200 (50 to 1000 yen a dollar), exact decimals. */
const usdPerYenArb = fc.integer({ min: 10, max: 200 }).map((n) => new Decimal(n).dividedBy(10_000));
/** One rate per day (some days missing: they fall back), the first day always known. */
const ratesByDayArb = fc.tuple(usdPerYenArb, fc.array(fc.option(usdPerYenArb, { nil: undefined }), { minLength: DAYS.length - 1, maxLength: DAYS.length - 1 }));
const yenSalesArb = fc.array(fc.record({ day: dayArb, amount: yenArb }), { maxLength: 12 });
const centsArb = fc.integer({ min: 0, max: 2_000_000_00 }).map((n) => new Decimal(n).dividedBy(100));

const yenRates = ([first, rest]: [Decimal, (Decimal | undefined)[]]): DatedRate[] => [
  { day: DAYS[0], currency: jpy, usdPerUnit: first },
  ...rest.flatMap((rate, i) => (rate ? [{ day: DAYS[i + 1]!, currency: jpy, usdPerUnit: rate }] : [])),
];

/** The rate a day uses, written out independently: that day's, else the closest earlier one (the first day always has one). */
const rateFor = (rates: readonly DatedRate[], day: string): Decimal =>
  rates.filter((r) => r.day <= day).sort((a, b) => (a.day < b.day ? 1 : -1))[0]!.usdPerUnit;

const asDollars = (sales: readonly { day: string; amount: Decimal }[], rates: readonly DatedRate[]): DatedAmount[] =>
  sales.map((s) => ({ day: s.day, currency: usd, amount: s.amount.times(rateFor(rates, s.day)) }));
const asYen = (sales: readonly { day: string; amount: Decimal }[]): DatedAmount[] => sales.map((s) => ({ ...s, currency: jpy }));

describe('limits compare in one currency, converting each amount at its day rate', () => {
  it('the cap in dollars answers the same for yen sales at rate r as for the same sales recorded in dollars at amount × r', () => {
    fc.assert(
      fc.property(yenSalesArb, fc.record({ day: dayArb, amount: yenArb }), ratesByDayArb, centsArb, (counted, sale, byDay, cap) => {
        const rates = yenRates(byDay);
        const inYen = checkEarningsCap({ cap, reportingCurrency: usd, counted: asYen(counted), sale: asYen([sale])[0]!, rates: rateHistory(rates) });
        // The dollar figures need no rate at all: an empty history.
        const inDollars = checkEarningsCap({ cap, reportingCurrency: usd, counted: asDollars(counted, rates), sale: asDollars([sale], rates)[0]!, rates: rateHistory([]) });
        expect(inYen.isOk()).toBe(inDollars.isOk());
        if (inYen.isOk() && inDollars.isOk()) expect(inYen.value.monthTotal.eq(inDollars.value.monthTotal)).toBe(true);
        if (inYen.isErr()) expect(inYen.error.code).toBe('earnings_limit_reached');
      }),
    );
  });

  it('a yen cap answers the same for dollar sales as for the same sales recorded in yen at amount ÷ r', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ day: dayArb, amount: centsArb }), { maxLength: 8 }), ratesByDayArb, yenArb, (sales, byDay, cap) => {
        const rates = yenRates(byDay);
        const dollars: DatedAmount[] = sales.map((s) => ({ ...s, currency: usd }));
        const yen: DatedAmount[] = sales.map((s) => ({ ...s, currency: jpy, amount: s.amount.dividedBy(rateFor(rates, s.day)) }));
        const sale: DatedAmount = { day: DAYS[4], currency: usd, amount: new Decimal(0) };
        const a = checkEarningsCap({ cap, reportingCurrency: jpy, counted: dollars, sale, rates: rateHistory(rates) });
        const b = checkEarningsCap({ cap, reportingCurrency: jpy, counted: yen, sale: { ...sale, currency: jpy }, rates: rateHistory([]) });
        expect(a.isOk()).toBe(b.isOk());
      }),
    );
  });

  it('revenue tiers pick the same tier for yen sales at rate r as for the same sales in dollars at amount × r', () => {
    const tiersArb: fc.Arbitrary<VolumeTiers> = fc
      .array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 4 })
      .map((thresholds) => ({
        basis: 'revenue' as const,
        tiers: thresholds.map((t, i) => ({ threshold: new Decimal(t), type: 'percentage' as const, value: new Decimal(i + 1) })),
      }));
    fc.assert(
      fc.property(yenSalesArb, ratesByDayArb, tiersArb, (sales, byDay, tiers) => {
        const rates = yenRates(byDay);
        const a = reachedTierIn(tiers, { conversions: sales.length, sales: asYen(sales) }, usd, rateHistory(rates));
        const b = reachedTierIn(tiers, { conversions: sales.length, sales: asDollars(sales, rates) }, usd, rateHistory([]));
        expect(a._unsafeUnwrap()).toEqual(b._unsafeUnwrap());
      }),
    );
  });

  it('never adds an amount without a rate: a currency with none on or before its day is an error, not 1:1', () => {
    fc.assert(
      fc.property(yenSalesArb, fc.record({ day: dayArb, amount: yenArb }), centsArb, (counted, sale, cap) => {
        const result = checkEarningsCap({ cap, reportingCurrency: usd, counted: asYen(counted), sale: asYen([sale])[0]!, rates: rateHistory([]) });
        expect(result._unsafeUnwrapErr().code).toBe('exchange_rate_unavailable');
        const tier = reachedTierIn(
          { basis: 'revenue', tiers: [{ threshold: new Decimal(0), type: 'percentage', value: new Decimal(1) }] },
          { conversions: 1, sales: asYen([sale]) },
          usd,
          rateHistory([]),
        );
        expect(tier._unsafeUnwrapErr().code).toBe('exchange_rate_unavailable');
      }),
    );
  });

  it('amounts already in the reporting currency are added exactly, with no rate', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ day: dayArb, amount: centsArb }), { maxLength: 8 }), (sales) => {
        const total = totalIn(sales.map((s) => ({ ...s, currency: eur })), eur, rateHistory([]))._unsafeUnwrap();
        expect(total.total.eq(sales.reduce((sum, s) => sum.plus(s.amount), new Decimal(0)))).toBe(true);
        expect(total.fallbacks).toEqual([]);
      }),
    );
  });

  it('a day without its own rate uses the last known one before it, and says which day that was', () => {
    const rates = rateHistory([
      { day: '2026-11-02', currency: jpy, usdPerUnit: new Decimal('0.0065') },
      { day: '2026-11-05', currency: jpy, usdPerUnit: new Decimal('0.0070') },
    ]);
    expect(rateOn(rates, jpy, '2026-11-04')._unsafeUnwrap()).toMatchObject({ day: '2026-11-04', rateDay: '2026-11-02' });
    expect(rateOn(rates, jpy, '2026-11-05')._unsafeUnwrap()).toMatchObject({ rateDay: '2026-11-05' });
    // Older than every known rate: the first known one, said as well.
    expect(rateOn(rates, jpy, '2026-11-01')._unsafeUnwrap()).toMatchObject({ day: '2026-11-01', rateDay: '2026-11-02' });
    expect(rateOn(rates, eur, '2026-11-04')._unsafeUnwrapErr().code).toBe('exchange_rate_unavailable');
    const total = totalIn(
      [
        { day: '2026-11-04', currency: jpy, amount: new Decimal(1000) },
        { day: '2026-11-05', currency: jpy, amount: new Decimal(1000) },
      ],
      usd,
      rates,
    )._unsafeUnwrap();
    expect(total.total.toFixed()).toBe('13.5');
    expect(total.fallbacks.map((f) => [f.currency, f.day, f.rateDay])).toEqual([['jpy', '2026-11-04', '2026-11-02']]);
    const refused = checkEarningsCap({ cap: new Decimal(10), reportingCurrency: usd, counted: [], sale: { day: '2026-11-04', currency: jpy, amount: new Decimal(2000) }, rates });
    expect(refused._unsafeUnwrapErr().message).toContain('JPY on 2026-11-04 at the rate of 2026-11-02');
  });

  it('converting there and back returns the amount (cross rates go through the dollar)', () => {
    const rates = rateHistory([
      { day: '2026-11-02', currency: jpy, usdPerUnit: new Decimal('0.00625') },
      { day: '2026-11-02', currency: eur, usdPerUnit: new Decimal('1.25') },
    ]);
    fc.assert(
      fc.property(centsArb, (amount) => {
        const toYen = convertAmount({ day: '2026-11-02', currency: eur, amount }, jpy, rates)._unsafeUnwrap();
        expect(toYen.amount.eq(amount.times(200))).toBe(true);
        const back = convertAmount({ day: '2026-11-02', currency: jpy, amount: toYen.amount }, eur, rates)._unsafeUnwrap();
        expect(back.amount.eq(amount)).toBe(true);
      }),
    );
  });
});

describe('euro-based reference rates', () => {
  it('become US dollars per unit: the dollar 1, the euro the dollar rate, every other currency dollar rate ÷ its rate', () => {
    const unitsArb = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).dividedBy(1000));
    fc.assert(
      fc.property(unitsArb, unitsArb, unitsArb, (usdUnits, jpyUnits, gbpUnits) => {
        const gbp = 'gbp' as CurrencyCode;
        const derived = usdPerUnitFromEuroBase(new Map([[usd, usdUnits], [jpy, jpyUnits], [gbp, gbpUnits]]))._unsafeUnwrap();
        expect(derived.get(usd)!.toFixed()).toBe('1');
        expect(derived.get(eur)!.eq(usdUnits)).toBe(true);
        // One euro's worth of yen, in dollars, is one euro in dollars (to the 12 digits kept).
        expect(derived.get(jpy)!.times(jpyUnits).minus(usdUnits).abs().lte(usdUnits.times('1e-11'))).toBe(true);
      }),
    );
    expect(usdPerUnitFromEuroBase(new Map([[jpy, new Decimal(160)]]))._unsafeUnwrapErr().code).toBe('validation_error');
  });
});
