import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AddMerchantUser } from '../../../application/merchant-users/add-merchant-user.js';
import { MERCHANT_USER_ROLES, type MerchantUser } from '../../../application/merchant-users/merchant-user.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import { validationHook } from '../validation.js';

const CreateUserBody = z
  .object({
    email: z.string().trim().min(3).max(320).openapi({ example: 'owner@shop.example' }),
    role: z.enum(MERCHANT_USER_ROLES).openapi({ description: '`owner` (every action, invites users) or `member`', example: 'owner' }),
    managePayouts: z
      .boolean()
      .optional()
      .openapi({ description: 'Members only (owners always have it): without it a member cannot create live conversions or set auto-approval', example: false }),
  })
  .strict()
  .openapi('CreateMerchantUser');

export const MerchantUserSchema = z
  .object({
    id: z.string(),
    merchantId: z.string(),
    email: z.string(),
    role: z.enum(MERCHANT_USER_ROLES),
    managePayouts: z.boolean(),
    passwordSet: z.boolean().openapi({ description: 'False until the user follows the emailed link' }),
    createdAt: z.string(),
  })
  .openapi('MerchantUser', {
    example: {
      id: '0197a000-0000-7000-8000-000000000001',
      merchantId: '0197a000-0000-7000-8000-000000000002',
      email: 'owner@shop.example',
      role: 'owner',
      managePayouts: true,
      passwordSet: false,
      createdAt: '2026-11-26T10:00:00.000Z',
    },
  });

export const merchantUserJson = (u: MerchantUser) => ({
  id: u.id,
  merchantId: u.merchantId,
  email: u.email,
  role: u.role,
  managePayouts: u.managePayouts,
  passwordSet: u.passwordHash !== null,
  createdAt: u.createdAt.toISOString(),
});

export interface MerchantUserAdminUseCases {
  addMerchantUser: AddMerchantUser;
}

export const merchantUserAdminRoutes = (useCases: MerchantUserAdminUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/users',
      tags: ['Operator'],
      summary: "Create a user of the merchant's dashboard",
      description:
        'Creates a dashboard user without a password and emails them a single-use link (72 hours) to set one at `/dashboard/set-password`. ' +
        'One account per email across the service: an email in use answers 409 `duplicate`. Owners invite further users from the dashboard.',
      request: {
        params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }),
        body: { content: { 'application/json': { schema: CreateUserBody, example: { email: 'owner@shop.example', role: 'owner' } } }, required: true },
      },
      responses: { 201: { description: 'Created; the set-password link is on its way', content: { 'application/json': { schema: z.object({ data: MerchantUserSchema }) } } } },
    }),
    async (c) => {
      const merchantId = requireId(c.req.valid('param').id, 'Merchant');
      c.set('auditMerchantId', merchantId);
      const result = await useCases.addMerchantUser.execute({ merchantId, ...c.req.valid('json'), invitedBy: null });
      if (result.isErr()) throw ApiError.from(result.error);
      return sendData(c, merchantUserJson(result.value), 201);
    },
  );
