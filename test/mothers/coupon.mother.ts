import type { Coupon, CouponProvider, Mode } from '../../domain/index.js';

export interface CouponOwner {
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
}

/** A coupon as the API registers it (a `card` code, no match id yet), then with any field the test sets. */
export const aCoupon = (
  id: string,
  owner: CouponOwner,
  fields: Partial<Omit<Coupon, 'id' | 'merchantId' | 'mode' | 'campaignId' | 'affiliateId'>> & { readonly provider?: CouponProvider } = {},
): Coupon => {
  const createdAt = fields.createdAt ?? new Date('2026-11-10T10:00:00.000Z');
  return {
    id,
    ...owner,
    provider: 'card',
    code: 'SUMMER10',
    cardPromotionCodeId: null,
    merchantAdiscountId: null,
    morBDiscountId: null,
    morCDiscountId: null,
    appleOfferType: null,
    percentOff: null,
    amountOff: null,
    currency: null,
    createdAt,
    updatedAt: createdAt,
    deletedAt: null,
    ...fields,
  };
};
