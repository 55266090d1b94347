import { z } from '@hono/zod-openapi';
import type { RegisterCouponInput } from '../../../application/coupons/register-coupon.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { COUPON_PROVIDERS, parseAmount, parseCurrency, type CouponPatch, type Decimal } from '../../../domain/index.js';
import { ApiError } from '../api-error.js';
import { knownId } from './path-id.js';

const matchId = z.string().nullable().optional();

/** Unknown fields are refused (`400 validation_error` naming them): a typo must not silently do nothing. */
export const CreateCouponBody = z
  .object({
    campaignId: z.string().min(1),
    affiliateId: z.string().min(1).openapi({ description: 'Must be approved on the brand (in the key mode)' }),
    code: z.string().openapi({ description: 'As customers enter it; stored uppercase except for app_store' }),
    provider: z.enum(COUPON_PROVIDERS).optional().openapi({ description: 'Default `card`' }),
    cardPromotionCodeId: matchId.openapi({ description: '`promo_…`; card only' }),
    merchantAdiscountId: matchId.openapi({ description: 'mor_a only' }),
    morBDiscountId: matchId.openapi({ description: 'mor_b only' }),
    morCDiscountId: matchId.openapi({ description: 'mor_c only' }),
    appleOfferType: z.number().int().nullable().optional().openapi({ description: '1, 2 or 3; app_store only' }),
    percentOff: z.number().nullable().optional().openapi({ description: 'Display-only' }),
    amountOff: z.number().nullable().optional().openapi({ description: 'Display-only' }),
    currency: z.string().nullable().optional().openapi({ description: 'Display-only, 3 letters' }),
  })
  .strict()
  .openapi('CreateCoupon');
export type CreateCouponBody = z.infer<typeof CreateCouponBody>;

/** Only the match id of the coupon's own provider may be sent; every other field is refused. */
export const UpdateCouponBody = z
  .object({ cardPromotionCodeId: matchId, merchantAdiscountId: matchId, morBDiscountId: matchId, morCDiscountId: matchId })
  .strict()
  .openapi('UpdateCoupon');
export type UpdateCouponBody = z.infer<typeof UpdateCouponBody>;

const displayAmount = (value: number | null | undefined, field: string): Decimal | null => {
  if (value === null || value === undefined) return null;
  const parsed = parseAmount(value, { field });
  if (parsed.isErr()) throw ApiError.from(parsed.error);
  return parsed.value;
};

/** `POST /coupons`'s body as the use case's input (the dashboard's form goes through it too); throws `ApiError` for an unknown id or a bad amount or currency. */
export const toRegisterCouponInput = (body: CreateCouponBody, tenant: Tenant): RegisterCouponInput => {
  let currency = null;
  if (body.currency !== null && body.currency !== undefined) {
    const parsed = parseCurrency(body.currency);
    if (parsed.isErr()) throw ApiError.from(parsed.error);
    currency = parsed.value;
  }
  return {
    tenant,
    campaignId: knownId(body.campaignId, 'Campaign'),
    affiliateId: knownId(body.affiliateId, 'Affiliate'),
    coupon: {
      code: body.code,
      provider: body.provider,
      cardPromotionCodeId: body.cardPromotionCodeId,
      merchantAdiscountId: body.merchantAdiscountId,
      morBDiscountId: body.morBDiscountId,
      morCDiscountId: body.morCDiscountId,
      appleOfferType: body.appleOfferType,
      percentOff: displayAmount(body.percentOff, 'percentOff'),
      amountOff: displayAmount(body.amountOff, 'amountOff'),
      currency,
    },
  };
};

/** `PATCH /coupons/:id`'s body as the use case's patch: the fields sent (null clears one). */
export const toCouponPatch = (body: UpdateCouponBody): CouponPatch => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
