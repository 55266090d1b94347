import type { CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import type { Mode } from '../shared/mode.js';
import type { CommissionRule, CommissionType } from './commission.js';

export const CONVERSION_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'refunded', 'held'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** `one_time` (spec); `recurring` (extension): a subscription renewal, its `parentConversionId` the customer's first sale. */
export const CONVERSION_TYPES = ['one_time', 'recurring'] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];

/**
 * Where a sale was reported from (spec, `conversion.created`): the API, a payment provider by its
 * neutral token, the tracking script or the dashboard. Exposed as the extension field `source`.
 */
export const CONVERSION_SOURCES = ['api', 'card', 'mor_a', 'app_store', 'mor_b', 'mor_c', 'tracking_script', 'dashboard', 'import'] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

/** The spec's neutral payout tokens. */
export const PAYOUT_METHODS = ['connect', 'wallet_a', 'transfer_b'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Statuses a hold can be put on from, and that a release returns to. */
export type HoldableStatus = 'pending' | 'approved';

/**
 * The terms a commission was computed under, kept on the conversion: later changes to the campaign,
 * team or override rates never reach an existing conversion, and recalculations (refunds) use these.
 */
export interface CommissionTerms {
  readonly rule: CommissionRule;
  readonly type: CommissionType;
  /** Percent (`percentage`) or an amount in the sale's currency (`fixed`). */
  readonly value: Decimal;
}

/** A sale and the commission it earns. Immutable: every operation returns a new value. */
export interface Conversion {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  /** The sale; the net figure when `taxAmount` is set (gross = amount + taxAmount). Never reduced by refunds. */
  readonly amount: Decimal;
  readonly taxAmount: Decimal | null;
  /** What the affiliate earns now, rounded to the currency's minor unit. */
  readonly commission: Decimal;
  /**
   * The commission as computed at the sale, before any refund. Partial refunds scale this figure,
   * so the commission after refunds does not depend on how the refunds were split.
   */
  readonly originalCommission: Decimal;
  readonly currency: CurrencyCode;
  readonly status: ConversionStatus;
  readonly conversionType: ConversionType;
  readonly source: ConversionSource;
  readonly orderId: string | null;
  readonly clickId: string | null;
  readonly customerEmail: string | null;
  readonly customerName: string | null;
  readonly parentConversionId: string | null;
  /** Total refunded so far, in the same terms as `amount` (net when tax is set); null = never refunded. */
  readonly refundedAmount: Decimal | null;
  readonly payoutMethod: PayoutMethod | null;
  readonly payoutDate: Date | null;
  readonly cardTransferId: string | null;
  /** When the current approval happened; null unless approved or paid. */
  readonly approvedAt: Date | null;
  /** While `held`: the status a release returns to. Null otherwise. */
  readonly heldFrom: HoldableStatus | null;
  /** The terms at creation; null for sales recorded before terms were kept (their `originalCommission` stands for them). */
  readonly commissionTerms: CommissionTerms | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The sale the 5x guard compares against: amount plus tax (the gross sale). */
export const grossSale = (conversion: Pick<Conversion, 'amount' | 'taxAmount'>): Decimal =>
  conversion.taxAmount === null ? conversion.amount : conversion.amount.plus(conversion.taxAmount);

/** The part of the sale not refunded yet, in the same terms as `amount`. */
export const remainingSale = (conversion: Pick<Conversion, 'amount' | 'refundedAmount'>): Decimal =>
  conversion.refundedAmount === null ? conversion.amount : conversion.amount.minus(conversion.refundedAmount);

/** Refunded in part: some but not all of the sale was refunded. */
export const isPartlyRefunded = (conversion: Pick<Conversion, 'amount' | 'refundedAmount'>): boolean =>
  conversion.refundedAmount !== null &&
  conversion.refundedAmount.gt(0) &&
  conversion.refundedAmount.lt(conversion.amount);
