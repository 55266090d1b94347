import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import type { Mode } from '../shared/mode.js';

/**
 * Neutral provider tokens (spec, Coupon): `card` (a card-payment processor, the default),
 * `mor_a`, `mor_b`, `mor_c` (merchant-of-record platforms) and `app_store` (in-app purchases).
 */
export const COUPON_PROVIDERS = ['card', 'mor_a', 'app_store', 'mor_b', 'mor_c'] as const;
export type CouponProvider = (typeof COUPON_PROVIDERS)[number];
export const DEFAULT_COUPON_PROVIDER: CouponProvider = 'card';

export const isCouponProvider = (value: string): value is CouponProvider => (COUPON_PROVIDERS as readonly string[]).includes(value);

/** The provider-side ids a coupon may carry, one per provider that has one (`app_store` has none). */
export const COUPON_MATCH_ID_FIELDS = ['cardPromotionCodeId', 'merchantAdiscountId', 'morBDiscountId', 'morCDiscountId'] as const;
export type CouponMatchIdField = (typeof COUPON_MATCH_ID_FIELDS)[number];

/** Which match-id field belongs to which provider; `app_store` coupons have no editable field. */
export const MATCH_ID_FIELD_OF: Readonly<Record<CouponProvider, CouponMatchIdField | null>> = {
  card: 'cardPromotionCodeId',
  mor_a: 'merchantAdiscountId',
  mor_b: 'morBDiscountId',
  mor_c: 'morCDiscountId',
  app_store: null,
};

/** `cardPromotionCodeId` must start with this (spec). */
export const CARD_PROMOTION_CODE_PREFIX = 'promo_';

/** Apple offer types: 1 introductory, 2 promotional, 3 offer code (`app_store` only). */
export const APPLE_OFFER_TYPES = [1, 2, 3] as const;
export type AppleOfferType = (typeof APPLE_OFFER_TYPES)[number];

export const COUPON_CODE_MAX = 100;
export const COUPON_MATCH_ID_MAX = 255;
export const PERCENT_OFF_MAX = new Decimal(100);
export const PERCENT_OFF_MAX_DECIMALS = 4;
/** Display amounts without a currency keep at most the column's scale. */
export const AMOUNT_OFF_MAX_DECIMALS = 6;
export const AMOUNT_OFF_MAX = new Decimal(1_000_000_000);

/**
 * A registered coupon: a reference to a discount code that lives in an external provider, attributing
 * the sales that use it to one affiliate on one campaign. Tenant data (merchant and mode). A deleted
 * coupon keeps its row (`deletedAt` set) so past sales still resolve it, but attributes nothing new.
 */
export interface Coupon {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly provider: CouponProvider;
  /** As stored: uppercase for `card`, `mor_a`, `mor_b`, `mor_c`; exactly as sent (trimmed) for `app_store`. */
  readonly code: string;
  readonly cardPromotionCodeId: string | null;
  readonly merchantAdiscountId: string | null;
  readonly morBDiscountId: string | null;
  readonly morCDiscountId: string | null;
  readonly appleOfferType: AppleOfferType | null;
  /** Display-only. */
  readonly percentOff: Decimal | null;
  /** Display-only. */
  readonly amountOff: Decimal | null;
  /** Display-only, lowercase. */
  readonly currency: CurrencyCode | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deletedAt: Date | null;
}

/** Codes compare exactly for `app_store`; every other provider's codes are case-insensitive. */
export const isCaseSensitiveProvider = (provider: CouponProvider): boolean => provider === 'app_store';

/**
 * The provider's case rule: the stored (and looked-up) form of a code. Surrounding whitespace is
 * dropped for every provider; `card`, `mor_a`, `mor_b` and `mor_c` codes are uppercased (Unicode
 * default case mapping); `app_store` codes stay exactly as sent.
 */
export const normalizeCouponCode = (provider: CouponProvider, code: string): string => {
  const trimmed = code.trim();
  return isCaseSensitiveProvider(provider) ? trimmed : trimmed.toUpperCase();
};

/** The coupon's provider match id (the one of its own provider), or null. */
export const couponMatchId = (coupon: Pick<Coupon, 'provider' | CouponMatchIdField>): string | null => {
  const field = MATCH_ID_FIELD_OF[coupon.provider];
  return field === null ? null : coupon[field];
};

/** The canonical text of `percentOff`: at least two decimals, more only when it has them (`"20.00"`, `"12.5"` → `"12.50"`). */
export const formatPercentOff = (value: Decimal): string => value.toFixed(Math.max(2, value.decimalPlaces()));
