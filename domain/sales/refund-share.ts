import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { roundToMinorUnit } from '../money/money.js';

/**
 * The part of a conversion's sale a provider's refund total stands for. Providers refund what the
 * customer paid (tax included) while the conversion records the net sale, so the share refunded is
 * applied to the net amount and rounded once to the minor unit; a refund of the whole payment (or
 * more) is the whole sale.
 */
export const refundedSaleShare = (saleAmount: Decimal, refundedTotal: Decimal, paymentTotal: Decimal, currency: CurrencyCode): Decimal => {
  if (paymentTotal.lte(0) || refundedTotal.gte(paymentTotal)) return new Decimal(saleAmount);
  if (refundedTotal.lte(0)) return new Decimal(0);
  return Decimal.min(saleAmount, roundToMinorUnit(saleAmount.times(refundedTotal).dividedBy(paymentTotal), currency));
};
