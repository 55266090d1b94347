import { z } from '@hono/zod-openapi';
import type { CouponView } from '../../../application/ports/coupon-repository.js';
import { APPLE_OFFER_TYPES, COUPON_PROVIDERS, formatPercentOff } from '../../../domain/index.js';
import { moneyNumber } from '../money.json.js';

/** The spec's Coupon, plus the two remaining discount-id kinds (named as the spec names them) and `updatedAt`. */
export const CouponSchema = z
  .object({
    id: z.string(),
    code: z.string().openapi({ description: 'Uppercase for card, mor_a, mor_b, mor_c; exactly as registered for app_store' }),
    provider: z.enum(COUPON_PROVIDERS),
    campaignId: z.string(),
    campaignName: z.string(),
    affiliateId: z.string(),
    cardPromotionCodeId: z.string().nullable(),
    merchantAdiscountId: z.string().nullable().openapi({ description: 'Discount id on merchant-of-record platform A (mor_a)' }),
    morBDiscountId: z.string().nullable(),
    morCDiscountId: z.string().nullable(),
    appleOfferType: z
      .number()
      .int()
      .nullable()
      .openapi({ enum: [...APPLE_OFFER_TYPES, null] as unknown as number[], description: '1 introductory, 2 promotional, 3 offer code' }),
    percentOff: z.string().nullable().openapi({ example: '20.00', description: 'Display-only' }),
    amountOff: z.number().nullable().openapi({ description: 'Display-only' }),
    currency: z.string().nullable().openapi({ description: 'Display-only, lowercase' }),
    isTest: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string().openapi({ 'x-extension': true }),
  })
  .openapi('Coupon');

export type CouponJson = z.infer<typeof CouponSchema>;

export const couponJson = ({ coupon: k, campaignName }: CouponView): CouponJson => ({
  id: k.id,
  code: k.code,
  provider: k.provider,
  campaignId: k.campaignId,
  campaignName,
  affiliateId: k.affiliateId,
  cardPromotionCodeId: k.cardPromotionCodeId,
  merchantAdiscountId: k.merchantAdiscountId,
  morBDiscountId: k.morBDiscountId,
  morCDiscountId: k.morCDiscountId,
  appleOfferType: k.appleOfferType,
  percentOff: k.percentOff === null ? null : formatPercentOff(k.percentOff),
  amountOff: k.amountOff === null ? null : moneyNumber(k.amountOff),
  currency: k.currency,
  isTest: k.mode === 'test',
  createdAt: k.createdAt.toISOString(),
  updatedAt: k.updatedAt.toISOString(),
});

export const CouponDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).openapi('CouponDeleted');
