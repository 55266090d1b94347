import { couponMatchId, normalizeCouponCode, type AppleOfferType, type Coupon, type CouponProvider } from './coupon.js';

/**
 * The discount a sale carries, as a payment-provider notification reports it: the provider, the code
 * the customer entered (when the provider reports it) and the provider's own id of the discount
 * (card promotion code id, MoR discount id), plus the offer type of an app-store purchase.
 */
export interface SaleDiscount {
  readonly provider: CouponProvider;
  readonly code: string | null;
  /** The provider-side discount id (matched exactly against the coupon's own provider match id). */
  readonly providerDiscountId?: string | null | undefined;
  /** `app_store` only: the purchase's offer type, when the notification says it. */
  readonly appleOfferType?: AppleOfferType | null | undefined;
}

/** How the coupon was found: by the provider's discount id, or by the code under the provider's case rule. */
export type AttributionMatch = 'provider_id' | 'code';

export interface Attribution {
  readonly coupon: Coupon;
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly matchedBy: AttributionMatch;
}

const blank = (value: string | null | undefined): value is null | undefined => value === null || value === undefined || value.trim() === '';

/**
 * How `coupon` matches `sale`, or null. A coupon matches only a sale of its own provider and only
 * while it is not deleted. Then:
 * - by provider id: both carry a provider discount id and the two are equal (exactly);
 * - by code: the sale's code equals the coupon's under the provider's case rule (uppercase for
 *   `card`, `mor_a`, `mor_b`, `mor_c`; exact for `app_store`), unless both carry provider ids that
 *   differ (then they name different discounts that happen to share a code).
 * An `app_store` coupon with an offer type does not match a sale of another known offer type.
 */
export const couponMatch = (coupon: Coupon, sale: SaleDiscount): AttributionMatch | null => {
  if (coupon.deletedAt !== null || coupon.provider !== sale.provider) return null;
  if (
    coupon.provider === 'app_store' &&
    coupon.appleOfferType !== null &&
    sale.appleOfferType !== null &&
    sale.appleOfferType !== undefined &&
    coupon.appleOfferType !== sale.appleOfferType
  ) {
    return null;
  }
  const couponId = couponMatchId(coupon);
  const saleId = blank(sale.providerDiscountId) ? null : sale.providerDiscountId.trim();
  if (couponId !== null && saleId !== null) {
    if (couponId === saleId) return 'provider_id';
    return null;
  }
  if (blank(sale.code)) return null;
  return normalizeCouponCode(sale.provider, sale.code) === coupon.code ? 'code' : null;
};

const RANK: Readonly<Record<AttributionMatch, number>> = { provider_id: 0, code: 1 };

const older = (a: Coupon, b: Coupon): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Attribution: the coupon a sale is attributed to among `coupons` (one tenant's; any order), hence its
 * affiliate and campaign, or null. A provider-id match beats a code match; among equal matches the
 * oldest registered coupon wins (the same code may be registered on several campaigns).
 */
export const attributeSale = (coupons: readonly Coupon[], sale: SaleDiscount): Attribution | null => {
  let best: { coupon: Coupon; match: AttributionMatch } | null = null;
  for (const coupon of coupons) {
    const match = couponMatch(coupon, sale);
    if (match === null) continue;
    if (best === null || RANK[match] < RANK[best.match] || (RANK[match] === RANK[best.match] && older(coupon, best.coupon) < 0)) {
      best = { coupon, match };
    }
  }
  return best === null
    ? null
    : { coupon: best.coupon, affiliateId: best.coupon.affiliateId, campaignId: best.coupon.campaignId, matchedBy: best.match };
};
