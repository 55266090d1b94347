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

/**
 * The part of a conversion's sale one separately reported refund stands for (providers that report
 * each refund, not a running total): its share of what the customer paid (net sale plus tax),
 * applied to the net sale, never more than is left unrefunded; a refund of the whole payment is
 * whatever is left.
 */
export const issuedRefundShare = (
  sale: { readonly amount: Decimal; readonly taxAmount: Decimal | null },
  alreadyRefunded: Decimal,
  refund: { readonly amount: Decimal; readonly whole: boolean },
  currency: CurrencyCode,
): Decimal => {
  const left = Decimal.max(0, sale.amount.minus(alreadyRefunded));
  if (refund.whole) return left;
  const paid = sale.amount.plus(sale.taxAmount ?? 0);
  return Decimal.min(left, refundedSaleShare(sale.amount, refund.amount, paid, currency));
};
