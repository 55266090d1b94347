import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { DeleteCoupon } from '../../../application/coupons/delete-coupon.js';
import type { RegisterCoupon } from '../../../application/coupons/register-coupon.js';
import type { UpdateCoupon } from '../../../application/coupons/update-coupon.js';
import type { CouponQueries } from '../../../application/ports/coupon-repository.js';
import { COUPON_PROVIDERS } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, validationHook } from '../validation.js';
import { CouponDeletedSchema, couponJson, CouponSchema } from './coupon.json.js';
import { CreateCouponBody, toCouponPatch, toRegisterCouponInput, UpdateCouponBody } from './coupon.input.js';
import { requireId } from './path-id.js';

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
        request: { body: { content: { 'application/json': { schema: CreateCouponBody } }, required: true } },
        responses: { 201: data(CouponSchema, 'Registered') },
      }),
      async (c) => {
        const result = await useCases.registerCoupon.execute(toRegisterCouponInput(c.req.valid('json'), c.get('tenant')));
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
        request: { params: IdParam, body: { content: { 'application/json': { schema: UpdateCouponBody } }, required: true } },
        responses: { 200: data(CouponSchema, 'Updated') },
      }),
      async (c) => {
        const patch = toCouponPatch(c.req.valid('json'));
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
