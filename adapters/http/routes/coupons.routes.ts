import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { DeleteCoupon } from '../../../application/coupons/delete-coupon.js';
import type { RegisterCoupon } from '../../../application/coupons/register-coupon.js';
import type { UpdateCoupon } from '../../../application/coupons/update-coupon.js';
import type { CouponQueries } from '../../../application/ports/coupon-repository.js';
import { COUPON_PROVIDERS, parseAmount, parseCurrency, type CouponPatch, type Decimal } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, validationHook } from '../validation.js';
import { CouponDeletedSchema, couponJson, CouponSchema } from './coupon.json.js';
import { requireId } from './path-id.js';

const matchId = z.string().nullable().optional();

/** Unknown fields are refused (`400 validation_error` naming them): a typo must not silently do nothing. */
const CreateBody = z
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

/** Only the match id of the coupon's own provider may be sent; every other field is refused. */
const PatchBody = z
  .object({ cardPromotionCodeId: matchId, merchantAdiscountId: matchId, morBDiscountId: matchId, morCDiscountId: matchId })
  .strict()
  .openapi('UpdateCoupon');

const ListQuery = z.object({
  campaignId: z.string().optional(),
  affiliateId: z.string().optional(),
  provider: z.enum(COUPON_PROVIDERS).optional(),
  code: z.string().min(1).optional().openapi({ description: "Exact, under each coupon's provider case rule" }),
  ...pageQuery,
});

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const data = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

/** A body id that is not a UUID names nothing that exists: 404, like an unknown one. */
const knownId = (value: string, what: string) => {
  if (!isUuid(value)) throw new ApiError('not_found', `${what} not found`);
  return value.toLowerCase();
};

const displayAmount = (value: number | null | undefined, field: string): Decimal | null => {
  if (value === null || value === undefined) return null;
  const parsed = parseAmount(value, { field });
  if (parsed.isErr()) throw ApiError.from(parsed.error);
  return parsed.value;
};

export interface CouponUseCases {
  registerCoupon: RegisterCoupon;
  updateCoupon: UpdateCoupon;
  deleteCoupon: DeleteCoupon;
  couponQueries: CouponQueries;
}

/** `/coupons`: the merchant's coupons in the key's mode. Reads on any key; writes on Ultimate or Scale write keys. */
export const couponRoutes = (useCases: CouponUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/coupons',
        tags: ['Coupons'],
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'Coupons of the key mode that are not deleted, newest first',
            content: {
              'application/json': {
                schema: z.object({
                  data: z.array(CouponSchema),
                  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
                }),
              },
            },
          },
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        // A filter on an id that cannot exist matches nothing.
        if ([q.campaignId, q.affiliateId].some((id) => id !== undefined && !isUuid(id))) {
          return sendPage(c, { items: [], total: 0, page: q.page, limit: q.limit }, couponJson);
        }
        const page = await useCases.couponQueries.list(
          c.get('tenant'),
          { campaignId: q.campaignId?.toLowerCase(), affiliateId: q.affiliateId?.toLowerCase(), provider: q.provider, code: q.code },
          { page: q.page, limit: q.limit },
        );
        return sendPage(c, page, couponJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/coupons',
        tags: ['Coupons'],
        middleware: [requireWriteKey, requirePlan('ultimate', 'Coupon writes')] as const,
        request: { body: { content: { 'application/json': { schema: CreateBody } }, required: true } },
        responses: { 201: data(CouponSchema, 'Registered') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        let currency = null;
        if (body.currency !== null && body.currency !== undefined) {
          const parsed = parseCurrency(body.currency);
          if (parsed.isErr()) throw ApiError.from(parsed.error);
          currency = parsed.value;
        }
        const result = await useCases.registerCoupon.execute({
          tenant: c.get('tenant'),
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
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, couponJson(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/coupons/{id}',
        tags: ['Coupons'],
        request: { params: IdParam },
        responses: { 200: data(CouponSchema, 'The coupon') },
      }),
      async (c) => {
        const found = await useCases.couponQueries.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Coupon'));
        if (!found) throw new ApiError('not_found', 'Coupon not found');
        return sendData(c, couponJson(found));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/coupons/{id}',
        tags: ['Coupons'],
        middleware: [requireWriteKey, requirePlan('ultimate', 'Coupon writes')] as const,
        request: { params: IdParam, body: { content: { 'application/json': { schema: PatchBody } }, required: true } },
        responses: { 200: data(CouponSchema, 'Updated') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const patch: CouponPatch = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
        const result = await useCases.updateCoupon.execute({ tenant: c.get('tenant'), id: requireId(c.req.valid('param').id, 'Coupon'), patch });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, couponJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/coupons/{id}',
        tags: ['Coupons'],
        middleware: [requireWriteKey, requirePlan('ultimate', 'Coupon writes')] as const,
        request: { params: IdParam },
        responses: { 200: data(CouponDeletedSchema, 'Deleted: attributes no new sale; past sales keep it') },
      }),
      async (c) => {
        const result = await useCases.deleteCoupon.execute({ tenant: c.get('tenant'), id: requireId(c.req.valid('param').id, 'Coupon') });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { id: result.value.id, deleted: true as const });
      },
    );
