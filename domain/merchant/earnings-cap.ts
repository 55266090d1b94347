import { err, ok, type Result } from 'neverthrow';
import type { CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { describeFallbacks, totalIn, type DatedAmount, type RateHistory, type RateUnavailable, type RateUsed } from '../money/rate-history.js';
import { domainError, type DomainError } from '../shared/domain-error.js';

export interface EarningsCapInput {
  /** The merchant's monthly cap, in its reporting currency. */
  readonly cap: Decimal;
  readonly reportingCurrency: CurrencyCode;
  /**
   * The month's counted sales so far, per day and currency as recorded (a sale this one replaces
   * enters as a negative amount of its own day).
   */
  readonly counted: readonly DatedAmount[];
  /** The sale asking to be counted. */
  readonly sale: DatedAmount;
  readonly rates: RateHistory;
}

/** The month with the sale, in the reporting currency, under the cap. */
export interface EarningsCapRoom {
  readonly reportingCurrency: CurrencyCode;
  readonly monthTotal: Decimal;
  /** Days converted at an earlier day's rate (no rate published that day). */
  readonly fallbacks: readonly RateUsed[];
}

export type EarningsCapError = DomainError<'earnings_limit_reached'> | RateUnavailable;

/**
 * The monthly earnings cap: the month's counted sales plus this one, each converted into the
 * merchant's reporting currency at its own day's rate, may not exceed the cap. Amounts of two
 * currencies are never added unconverted, and a missing rate refuses the check rather than guessing.
 */
export const checkEarningsCap = (input: EarningsCapInput): Result<EarningsCapRoom, EarningsCapError> => {
  const converted = totalIn([...input.counted, input.sale], input.reportingCurrency, input.rates);
  if (converted.isErr()) return err(converted.error);
  const { total, fallbacks } = converted.value;
  if (total.gt(input.cap)) {
    const currency = input.reportingCurrency.toUpperCase();
    const note = fallbacks.length > 0 ? ` (${describeFallbacks(fallbacks)})` : '';
    return err(
      domainError(
        'earnings_limit_reached',
        `This sale would exceed the plan's monthly earnings cap: ${total.toDecimalPlaces(2).toFixed()} ${currency} of ${input.cap.toFixed()} ${currency}${note}`,
      ),
    );
  }
  return ok({ reportingCurrency: input.reportingCurrency, monthTotal: total, fallbacks });
};
