import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { callerIdOf, mayWrite } from '../../../application/shared/actor.js';
import type { AppEnv } from '../app-env.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';

export const MeSchema = z
  .object({
    merchant: z.object({ id: z.string(), businessName: z.string(), email: z.string() }),
    apiKey: z.object({
      id: z.string(),
      name: z.string(),
      permissions: z.object({ read: z.boolean(), write: z.boolean() }),
      keyType: z.enum(['live', 'test']),
    }),
    plan: z.enum(['professional', 'ultimate', 'scale']),
    rateLimit: z.object({ limit: z.number().int(), remaining: z.number().int(), resetAt: z.number().int() }),
  })
  .openapi('Me');

const getMe = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Account'],
  summary: 'The merchant, key, plan and rate-limit state behind the calling key',
  responses: { 200: { description: 'Account', content: { 'application/json': { schema: z.object({ data: MeSchema }) } } } },
});

export const meRoutes = () =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(getMe, (c) => {
    const { merchant, actor } = c.get('principal');
    const rateLimit = c.get('rateLimit');
    return sendData(c, {
      merchant: { id: merchant.id, businessName: merchant.businessName, email: merchant.email },
      // A connector answers as the key it stands in for: its grant, named for its client and member.
      apiKey: { id: callerIdOf(actor), name: actor.kind === 'user' ? actor.userId : actor.name, permissions: { read: true, write: mayWrite(actor, merchant.plan) }, keyType: c.get('tenant').mode },
      plan: merchant.plan,
      rateLimit: { limit: rateLimit.limit, remaining: rateLimit.remaining, resetAt: rateLimit.resetAt },
    });
  });
