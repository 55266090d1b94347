import { defineEntity, p } from '@mikro-orm/core';

/** A registered coupon. Deleted coupons keep their row with `deletedAt` set. */
export const CouponRecord = defineEntity({
  name: 'CouponRecord',
  tableName: 'coupons',
  properties: {
    id: p.uuid().primary(),
    merchantId: p.uuid(),
    mode: p.text(),
    campaignId: p.uuid(),
    affiliateId: p.uuid(),
    provider: p.text(),
    code: p.text(),
    cardPromotionCodeId: p.text().nullable(),
    merchantADiscountId: p.text().fieldName('merchant_a_discount_id').nullable(),
    morBDiscountId: p.text().fieldName('mor_b_discount_id').nullable(),
    morCDiscountId: p.text().fieldName('mor_c_discount_id').nullable(),
    appleOfferType: p.integer().nullable(),
    percentOff: p.decimal('string').precision(20).scale(6).nullable(),
    amountOff: p.decimal('string').precision(20).scale(6).nullable(),
    currency: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
    version: p.integer().version(),
  },
});
export type CouponRecord = InstanceType<typeof CouponRecord.class>;
