import { err, ok, type Result } from 'neverthrow';
import type { AppleOfferType, CouponProvider } from '../coupon/coupon.js';
import { minorUnitDigits, parseCurrency, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';

/** The discount a provider reports on a sale: the code the customer entered and the provider's own id. */
export interface FactDiscount {
  readonly code: string | null;
  readonly providerDiscountId: string | null;
  /** `app_store` only: the purchase's offer type (1 introductory, 2 promotional, 3 offer code). */
  readonly appleOfferType?: AppleOfferType | null;
}

/** Who paid, as the provider knows them. */
export interface FactCustomer {
  readonly providerCustomerId: string | null;
  readonly email: string | null;
  readonly name: string | null;
}

/** A paid sale or renewal, in decimal amounts of its currency. */
export interface SaleFigures {
  /** The net sale (after discounts, before tax). */
  readonly amount: Decimal;
  /** Tax on top of `amount`; null when the provider reports none. */
  readonly taxAmount: Decimal | null;
  readonly currency: CurrencyCode;
}

/**
 * Provider-neutral facts: what every provider adapter translates its native notifications into.
 * `orderId` is the provider's id of the paid document (one per sale, so two notifications about one
 * payment never count twice); `paymentReferences` are the other ids a later refund or dispute names
 * the same payment by.
 */
export type SaleFact =
  | {
      readonly kind: 'sale' | 'renewal';
      readonly orderId: string;
      readonly paymentReferences: readonly string[];
      readonly figures: SaleFigures;
      readonly customer: FactCustomer;
      readonly discount: FactDiscount | null;
      /** The click id the checkout carried (the tracking link's `click_id`), if any. */
      readonly clickId: string | null;
      /** A subscription the sale belongs to, when the provider says (its renewals name it too). */
      readonly subscriptionId: string | null;
    }
  | {
      readonly kind: 'refund';
      /** Ids of the refunded payment: any one of them finds the conversion. */
      readonly paymentReferences: readonly string[];
      /** The total refunded on that payment so far (providers report the running total), in decimal. */
      readonly refundedTotal: Decimal;
      /** What the customer paid in that payment (tax included), the base `refundedTotal` is a share of. */
      readonly paymentTotal: Decimal;
      readonly currency: CurrencyCode;
    }
  /**
   * One refund reported on its own (not as a running total): its amount counts once, however often
   * and under whichever event the provider reports it. For providers whose refund notifications
   * name only the refund, not what was refunded on the payment before.
   */
  | {
      readonly kind: 'refund_issued';
      /** The provider's id of this refund (one effect per id). */
      readonly refundId: string;
      readonly paymentReferences: readonly string[];
      /** What this refund returns to the customer (tax included), in decimal. */
      readonly amount: Decimal;
      /** The provider says the refund is of the whole payment. */
      readonly whole: boolean;
      readonly currency: CurrencyCode;
    }
  /** The provider took back a refund it had granted (the payment stands again). */
  | { readonly kind: 'refund_reversed'; readonly paymentReferences: readonly string[] }
  | { readonly kind: 'dispute_opened'; readonly disputeId: string; readonly paymentReferences: readonly string[] }
  | {
      readonly kind: 'dispute_closed';
      readonly disputeId: string;
      readonly paymentReferences: readonly string[];
      readonly won: boolean;
    }
  | { readonly kind: 'customer_linked'; readonly customer: FactCustomer; readonly clickId: string | null }
  /** Names more ids of an order's payment (e.g. the payment of an invoice), so its refunds find it. */
  | { readonly kind: 'payment_linked'; readonly orderId: string; readonly paymentReferences: readonly string[] }
  /** An affiliate's connected account on the merchant's card-processor account changed (payouts enabled or not). */
  | { readonly kind: 'connected_account_updated'; readonly accountId: string; readonly payoutsEnabled: boolean };

export type SaleFactKind = SaleFact['kind'];

/**
 * What one provider notification says, after its adapter verified and translated it: the provider's
 * event id (one effect per id), its type, its mode (null when the provider does not say), and the
 * fact, or why there is none (an event type we do not act on, an unpaid checkout, ...).
 */
export interface ProviderNotice {
  readonly provider: CouponProvider;
  readonly eventId: string;
  readonly type: string;
  readonly livemode: boolean | null;
  readonly fact: SaleFact | null;
  readonly ignoredBecause: string | null;
}

/**
 * An amount in the currency's smallest unit (cents; yen; fils) as a decimal of the currency, by the
 * currency's exponent (JPY 0, KWD 3, most 2): exact, never through floats.
 */
export const fromMinorUnits = (minor: number | string | bigint, currency: string): Result<{ amount: Decimal; currency: CurrencyCode }, DomainError> => {
  const parsed = parseCurrency(currency);
  if (parsed.isErr()) return err(parsed.error);
  const text = String(minor);
  if (!/^-?\d+$/.test(text)) return err(validationError('amount', 'must be a whole number of minor units'));
  return ok({ amount: new Decimal(text).dividedBy(new Decimal(10).pow(minorUnitDigits(parsed.value))), currency: parsed.value });
};

const MILLI_DIGITS = 3;

/**
 * An amount in milli-units of the currency (a thousandth of its major unit: App Store prices, 10990 =
 * 10.99 USD) as a decimal of the currency: exact, never through floats. A value finer than the
 * currency's minor unit (10995 USD, 120500 JPY) is refused rather than rounded.
 */
export const fromMilliUnits = (milli: number | string | bigint, currency: string): Result<{ amount: Decimal; currency: CurrencyCode }, DomainError> => {
  const parsed = parseCurrency(currency);
  if (parsed.isErr()) return err(parsed.error);
  const text = String(milli);
  if (!/^-?\d+$/.test(text)) return err(validationError('amount', 'must be a whole number of milli-units'));
  const amount = new Decimal(text).dividedBy(new Decimal(10).pow(MILLI_DIGITS));
  const digits = minorUnitDigits(parsed.value);
  if (amount.decimalPlaces() > digits) {
    return err(validationError('amount', `${text} milli-units is finer than ${parsed.value.toUpperCase()}'s ${digits}-digit minor unit`));
  }
  return ok({ amount, currency: parsed.value });
};

/** The neutral discount when the provider reported either a code or its own id, else null. */
export const factDiscount = (code: string | null | undefined, providerDiscountId: string | null | undefined): FactDiscount | null => {
  const c = code?.trim() ? code.trim() : null;
  const id = providerDiscountId?.trim() ? providerDiscountId.trim() : null;
  return c === null && id === null ? null : { code: c, providerDiscountId: id };
};
