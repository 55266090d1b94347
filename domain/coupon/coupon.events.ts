import { couponMatchId, type Coupon, type CouponProvider } from './coupon.js';

export type CouponEventType = 'coupon.created' | 'coupon.updated' | 'coupon.deleted';

/** Internal events (not webhook events: the spec names none for coupons). */
export interface CouponEventPayload {
  readonly couponId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly provider: CouponProvider;
  readonly code: string;
  /** The coupon's own provider match id after the change. */
  readonly matchId: string | null;
}

export interface CouponEvent {
  readonly type: CouponEventType;
  readonly payload: CouponEventPayload;
}

export const couponEvent = (type: CouponEventType, coupon: Coupon): CouponEvent => ({
  type,
  payload: {
    couponId: coupon.id,
    campaignId: coupon.campaignId,
    affiliateId: coupon.affiliateId,
    provider: coupon.provider,
    code: coupon.code,
    matchId: couponMatchId(coupon),
  },
});
