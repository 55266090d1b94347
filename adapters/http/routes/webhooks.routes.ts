import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { CreateWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from '../../../application/webhooks/manage-webhooks.js';
import type {
  ListWebhookDeliveries,
  ResendWebhookDelivery,
  SendTestWebhook,
} from '../../../application/webhooks/webhook-deliveries.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, validationHook } from '../validation.js';
import { requireId } from './path-id.js';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeleteQuery,
  WebhookDeliveriesQuery,
  WebhookIdParam,
  WebhookResendParams,
} from './webhook.input.js';
import { attemptJson, CreatedWebhookSchema, DeliveryAttemptSchema, WebhookSubscriptionSchema, webhookJson } from './webhook.json.js';

export interface WebhookUseCases {
  createWebhook: CreateWebhook;
  listWebhooks: ListWebhooks;
  updateWebhook: UpdateWebhook;
  rotateWebhookSecret: RotateWebhookSecret;
  sendTestWebhook: SendTestWebhook;
  listWebhookDeliveries: ListWebhookDeliveries;
  resendWebhookDelivery: ResendWebhookDelivery;
}

const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});
const Deactivated = z.object({ id: z.string(), active: z.literal(false) });

const plan = requirePlan('ultimate', 'Webhooks');
const tags = ['Webhooks'];

/**
 * `/webhooks` (Ultimate and Scale). Subscriptions belong to the key's mode like all tenant data; only
 * live ones ever receive events (test-key activity dispatches none).
 */
export const webhookRoutes = (useCases: WebhookUseCases) => {
  const deactivate = async (c: Context<AppEnv>, raw: string) => {
    const result = await useCases.updateWebhook.deactivate(c.get('tenant'), requireId(raw, 'Webhook subscription'));
    if (result.isErr()) throw ApiError.from(result.error);
    return sendData(c, { id: result.value.id, active: false as const });
  };
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/webhooks',
        tags,
        summary: "The key's mode's subscriptions, newest first (never the secret)",
        middleware: [plan] as const,
        request: { query: z.object(pageQuery) },
        responses: {
          200: {
            description: 'A page of subscriptions',
            content: {
              'application/json': {
                schema: z.object({
                  data: z.array(WebhookSubscriptionSchema),
                  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
                }),
              },
            },
          },
        },
      }),
      async (c) => sendPage(c, await useCases.listWebhooks.page(c.get('tenant'), c.req.valid('query')), webhookJson),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/webhooks',
        tags,
        summary: 'Subscribe a public https URL to events; the secret is shown once',
        middleware: [plan, requireWriteKey] as const,
        request: { body: { content: { 'application/json': { schema: CreateWebhookBody } }, required: true } },
        responses: { 201: dataOf(CreatedWebhookSchema, 'Created') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await useCases.createWebhook.execute({ tenant: c.get('tenant'), ...body });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { ...webhookJson(result.value), secret: result.value.secret }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/webhooks',
        tags,
        summary: 'Deactivate one subscription named by `?id=` (same as DELETE /webhooks/:id)',
        middleware: [plan, requireWriteKey] as const,
        request: { query: WebhookDeleteQuery },
        responses: { 200: dataOf(Deactivated, 'Deactivated') },
      }),
      (c) => deactivate(c, c.req.valid('query').id),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/webhooks/{id}',
        tags,
        summary: 'One subscription (never the secret)',
        middleware: [plan] as const,
        request: { params: WebhookIdParam },
        responses: { 200: dataOf(WebhookSubscriptionSchema, 'The subscription') },
      }),
      async (c) => {
        const result = await useCases.listWebhooks.one(c.get('tenant'), requireId(c.req.valid('param').id, 'Webhook subscription'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, webhookJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/webhooks/{id}',
        tags,
        summary: 'Change url, events, maxRetries; `active: true` re-enables and resets the failure count',
        middleware: [plan, requireWriteKey] as const,
        request: { params: WebhookIdParam, body: { content: { 'application/json': { schema: UpdateWebhookBody } }, required: true } },
        responses: { 200: dataOf(WebhookSubscriptionSchema, 'The subscription as it is now') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Webhook subscription');
        const result = await useCases.updateWebhook.execute({ tenant: c.get('tenant'), id, ...c.req.valid('json') });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, webhookJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/webhooks/{id}',
        tags,
        summary: 'Deactivate a subscription (it stays listed; PATCH active: true re-enables it)',
        middleware: [plan, requireWriteKey] as const,
        request: { params: WebhookIdParam },
        responses: { 200: dataOf(Deactivated, 'Deactivated') },
      }),
      (c) => deactivate(c, c.req.valid('param').id),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/webhooks/{id}/deliveries',
        tags,
        summary: 'Recent delivery attempts, newest first',
        middleware: [plan] as const,
        request: { params: WebhookIdParam, query: WebhookDeliveriesQuery },
        responses: { 200: dataOf(z.array(DeliveryAttemptSchema), 'Attempts') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Webhook subscription');
        const result = await useCases.listWebhookDeliveries.execute(c.get('tenant'), id, c.req.valid('query').limit);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, result.value.map(attemptJson));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
        tags,
        summary: 'Send a delivery again now: same envelope and id, current URL and secret',
        middleware: [plan, requireWriteKey] as const,
        request: { params: WebhookResendParams },
        responses: { 200: dataOf(DeliveryAttemptSchema, 'The new attempt') },
      }),
      async (c) => {
        const params = c.req.valid('param');
        const id = requireId(params.id, 'Webhook subscription');
        const deliveryId = requireId(params.deliveryId, 'Webhook delivery');
        const result = await useCases.resendWebhookDelivery.execute(c.get('tenant'), id, deliveryId);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, attemptJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/webhooks/{id}/rotate',
        tags,
        summary: 'New secret, shown once; the old one stops working immediately',
        middleware: [plan, requireWriteKey] as const,
        request: { params: WebhookIdParam },
        responses: { 200: dataOf(z.object({ id: z.string(), secret: z.string(), message: z.string() }), 'Rotated') },
      }),
      async (c) => {
        const result = await useCases.rotateWebhookSecret.execute(c.get('tenant'), requireId(c.req.valid('param').id, 'Webhook subscription'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, {
          id: result.value.id,
          secret: result.value.secret,
          message: 'Secret rotated. Deliveries are signed with the new secret from now on; the old secret no longer verifies.',
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/webhooks/{id}/test',
        tags,
        summary: 'Send a signed ping to the URL now (the URL rules are checked again first)',
        middleware: [plan, requireWriteKey] as const,
        request: { params: WebhookIdParam },
        responses: {
          200: dataOf(
            z.object({
              success: z.boolean(),
              httpStatus: z.number().int().nullable(),
              responseBody: z.string().nullable(),
              url: z.string(),
              error: z.string().nullable().openapi({ 'x-extension': true }),
              deliveryId: z.string().openapi({ 'x-extension': true }),
            }),
            'The outcome of the ping',
          ),
        },
      }),
      async (c) => {
        const result = await useCases.sendTestWebhook.execute(c.get('tenant'), requireId(c.req.valid('param').id, 'Webhook subscription'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, result.value);
      },
    );
};
