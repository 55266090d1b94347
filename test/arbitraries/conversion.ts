import fc from 'fast-check';
import {
  CONVERSION_SOURCES,
  createConversion,
  minorUnitDigits,
  type Conversion,
  type ConversionSource,
  type CurrencyCode,
} from '../../domain/index.js';
import { parseExact, toUnitsAt, type Exact } from './exact.js';
import { currencyArb, decimalOf, minorAmountArb } from './money.js';

export const T0 = new Date('2026-01-15T12:00:00.000Z');
export const DAY_MS = 86_400_000;

/** The exact figures behind a generated conversion, all in minor units of its currency. */
export interface SaleFigures {
  readonly currency: CurrencyCode;
  readonly digits: number;
  readonly amount: bigint;
  readonly tax: bigint | null;
  readonly commission: bigint;
}

export interface GeneratedConversion {
  readonly conversion: Conversion;
  readonly figures: SaleFigures;
}

const atDigits = (units: bigint, digits: number): Exact => ({ units, scale: digits });

/**
 * Sale figures where the commission often lands on or next to 5 × (amount + tax), and sales are
 * sometimes zero: the places the 5x guard can be wrong.
 */
export const saleFiguresArb: fc.Arbitrary<SaleFigures> = currencyArb.chain((currency) => {
  const digits = minorUnitDigits(currency);
  const amount = fc.oneof(
    { weight: 1, arbitrary: fc.constant(0n) },
    { weight: 6, arbitrary: minorAmountArb(currency, 10_000n).map((e) => e.units) },
  );
  const tax = fc.option(
    fc.oneof(fc.constant(0n), minorAmountArb(currency, 1_000n).map((e) => e.units)),
    { nil: null },
  );
  return fc.tuple(amount, tax).chain(([a, t]) => {
    const fiveTimes = 5n * (a + (t ?? 0n));
    const commission = fc.oneof(
      fc.bigInt({ min: -3n, max: 3n }).map((d) => (fiveTimes + d < 0n ? 0n : fiveTimes + d)),
      fc.bigInt({ min: 0n, max: fiveTimes * 2n + 10n }),
      fc.constant(0n),
    );
    return commission.map((c) => ({ currency, digits, amount: a, tax: t, commission: c }));
  });
});

/** A freshly created (pending) conversion; a fixed rate makes its commission exactly `figures.commission`. */
export const buildConversion = (
  figures: SaleFigures,
  extra: { source?: ConversionSource; createdAt?: Date; id?: string } = {},
): Conversion => {
  const { currency, digits } = figures;
  const created = createConversion({
    id: extra.id ?? 'conv_1',
    merchantId: 'mer_1',
    mode: 'live',
    campaignId: 'cmp_1',
    affiliateId: 'aff_1',
    amount: decimalOf(atDigits(figures.amount, digits)),
    taxAmount: figures.tax === null ? null : decimalOf(atDigits(figures.tax, digits)),
    currency,
    rates: { campaign: { type: 'fixed', value: decimalOf(atDigits(figures.commission, digits)) } },
    source: extra.source ?? 'api',
    now: extra.createdAt ?? T0,
  });
  if (created.isErr()) throw new Error(`fixture conversion refused: ${created.error.message}`);
  return created.value.conversion;
};

export const conversionArb: fc.Arbitrary<GeneratedConversion> = fc
  .tuple(saleFiguresArb, fc.constantFrom(...CONVERSION_SOURCES))
  .map(([figures, source]) => ({ figures, conversion: buildConversion(figures, { source }) }));

/** A money field in minor units, read from its exact text; fails when it has more digits than the minor unit. */
export const unitsOf = (value: { toFixed(): string }, digits: number): bigint => toUnitsAt(parseExact(value.toFixed()), digits);
