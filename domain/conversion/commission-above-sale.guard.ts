import { err, ok, type Result } from 'neverthrow';
import { formatAmount } from '../money/money.js';
import type { DomainError } from '../shared/domain-error.js';
import { grossSale, type Conversion } from './conversion.js';
import { commissionAboveSale } from './conversion.errors.js';

/** Approval above this multiple of the sale needs explicit confirmation (spec, Limits). */
export const COMMISSION_ABOVE_SALE_FACTOR = 5;

type GuardedFigures = Pick<Conversion, 'amount' | 'taxAmount' | 'commission'>;

/**
 * Whether approving needs `confirmAboveSale`: the commission is above 5 × (amount + tax), or the
 * sale is zero. A zero sale needs confirmation even with a zero commission: it is nearly always a
 * tracking mistake, and the spec's "any commission on a zero sale" is read as "any zero sale".
 */
export const needsAboveSaleConfirmation = (figures: GuardedFigures): boolean => {
  const sale = grossSale(figures);
  return sale.isZero() || figures.commission.gt(sale.times(COMMISSION_ABOVE_SALE_FACTOR));
};

/** The 5x guard: passes when confirmed or when the commission is within 5x of a non-zero sale. */
export const checkCommissionAboveSale = (
  conversion: GuardedFigures & Pick<Conversion, 'currency'>,
  confirmAboveSale: boolean,
): Result<void, DomainError> => {
  if (confirmAboveSale || !needsAboveSaleConfirmation(conversion)) return ok(undefined);
  const sale = grossSale(conversion);
  return err(commissionAboveSale(formatAmount(conversion.commission, conversion.currency), formatAmount(sale, conversion.currency), conversion.currency, sale.isZero()));
};
