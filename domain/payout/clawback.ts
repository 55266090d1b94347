import { err, ok, type Result } from 'neverthrow';
import { commissionAfterRefund } from '../conversion/conversion.ops.js';
import type { Conversion } from '../conversion/conversion.js';
import type { CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

/**
 * Commission an affiliate owes back: a refund of a sale whose commission was already paid cannot
 * change the paid conversion, so it records what the refund takes back. The affiliate's next payments
 * in that currency net what is owed (`netPayment`: never below zero, the rest carries forward).
 */
export interface CommissionAdjustment {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly affiliateId: string;
  readonly conversionId: string;
  readonly currency: CurrencyCode;
  /** The commission taken back (positive). */
  readonly amount: Decimal;
  /** The part of the sale this refund returned (in the conversion's `amount` terms). */
  readonly refundedSale: Decimal;
  readonly createdAt: Date;
}

export interface Clawback {
  /** Commission to take back now; zero when the refund leaves the commission as it was (rounding). */
  readonly amount: Decimal;
  /** The sale refunded now. */
  readonly refundedSale: Decimal;
}

/**
 * A refund of a paid conversion: `refundedBefore` is everything refunded so far (before and after the
 * payout), `amount` the refund now (default: all that remains). The commission taken back is the
 * drop of the refund-scaled commission (`commissionAfterRefund`), so all clawbacks of a sale together
 * never exceed the commission paid for it.
 */
export const clawbackForRefund = (
  conversion: Pick<Conversion, 'status' | 'amount' | 'originalCommission' | 'currency'>,
  refundedBefore: Decimal,
  amount?: Decimal,
): Result<Clawback, DomainError> => {
  if (conversion.status !== 'paid') return err(validationError('status', 'only a paid conversion is clawed back'));
  const remaining = conversion.amount.minus(refundedBefore);
  const refund = amount ?? remaining;
  if (refund.lte(0)) return err(validationError('amount', remaining.lte(0) ? 'the sale is already refunded in full' : 'must be greater than 0'));
  if (refund.gt(remaining)) return err(validationError('amount', `must not exceed the unrefunded sale of ${remaining.toFixed()}`));
  const before = commissionAfterRefund(conversion, refundedBefore);
  const after = commissionAfterRefund(conversion, refundedBefore.plus(refund));
  return ok({ amount: before.minus(after), refundedSale: refund });
};
