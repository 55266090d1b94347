import fc from 'fast-check';
import { Decimal, minorUnitDigits, type CurrencyCode, type ExchangeRateTable } from '../../domain/index.js';
import { pow10 } from './exact.js';
import { currencyArb, minorAmountArb } from './money.js';

/** US dollars per unit, as a count of millionths: rates from 0.000001 to 10 (`micros / 10^6`). */
export const RATE_SCALE = 6;

/** A per-currency amount with its exact minor units beside the decimal the domain reads. */
export interface ExactTotal {
  readonly currency: CurrencyCode;
  /** The amount in the currency's minor unit (units × 10^-digits). */
  readonly minorUnits: bigint;
  readonly amount: Decimal;
}

export const exactTotalArb: fc.Arbitrary<ExactTotal> = currencyArb.chain((currency) =>
  minorAmountArb(currency).map(({ units }) => ({
    currency,
    minorUnits: units,
    amount: new Decimal(units.toString()).dividedBy(new Decimal(10).pow(minorUnitDigits(currency))),
  })),
);

/** A day's rates for some currencies, each kept as whole millionths too. */
export interface ExactRates {
  readonly table: ExchangeRateTable;
  readonly micros: ReadonlyMap<CurrencyCode, bigint>;
}

export const exactRatesArb: fc.Arbitrary<ExactRates> = fc
  .dictionary(currencyArb, fc.bigInt({ min: 1n, max: 10n * pow10(RATE_SCALE) }), { maxKeys: 7 })
  .map((byCurrency) => {
    const micros = new Map(Object.entries(byCurrency) as [CurrencyCode, bigint][]);
    const usdPerUnit = new Map([...micros.entries()].map(([currency, n]) => [currency, new Decimal(n.toString()).dividedBy(new Decimal(10).pow(RATE_SCALE))]));
    return { table: { day: '2026-11-22', usdPerUnit }, micros };
  });
