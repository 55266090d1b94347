import { z } from '@hono/zod-openapi';
import type { DeliveryAttempt, WebhookSubscription } from '../../../domain/webhook/index.js';

/** Webhook subscriptions and delivery attempts as the API shows them (never a subscription's secret but on create). */

export const WebhookSubscriptionSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    active: z.boolean(),
    consecutiveFailures: z.number().int().openapi({ 'x-extension': true, description: 'Automatic deliveries failed in a row (5 pauses it)' }),
    pausedAt: z.string().nullable().openapi({ 'x-extension': true, description: 'When 5 consecutive failures paused it; null otherwise' }),
    maxRetries: z.number().int().openapi({ 'x-extension': true, description: 'Extension: automatic retries with exponential backoff (0 = off, the default)' }),
    createdAt: z.string(),
    updatedAt: z.string().openapi({ 'x-extension': true }),
  })
  .openapi('WebhookSubscription');

export const CreatedWebhookSchema = WebhookSubscriptionSchema.extend({
  secret: z.string().openapi({ description: '64 hex characters; shown only here and on rotate' }),
}).openapi('CreatedWebhookSubscription');

export const DeliveryAttemptSchema = z
  .object({
    id: z.string().openapi({ description: 'The attempt' }),
    deliveryId: z.string().openapi({ description: 'The envelope id: the same for every attempt and resend of one event' }),
    subscriptionId: z.string(),
    event: z.string(),
    url: z.string(),
    attempt: z.number().int(),
    trigger: z.enum(['automatic', 'retry', 'resend', 'test']),
    status: z.enum(['succeeded', 'failed']),
    success: z.boolean(),
    httpStatus: z.number().int().nullable(),
    durationMs: z.number().int(),
    responseBody: z.string().nullable().openapi({ description: 'The start of the response body (at most 4 KiB are read)' }),
    error: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WebhookDeliveryAttempt', { 'x-extension': true, description: 'One delivery attempt (the spec leaves the shape open)' });

export const webhookJson = (s: WebhookSubscription) => ({
  id: s.id,
  url: s.url,
  events: [...s.events],
  active: s.active,
  consecutiveFailures: s.consecutiveFailures,
  pausedAt: s.pausedAt?.toISOString() ?? null,
  maxRetries: s.maxRetries,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export const attemptJson = (a: DeliveryAttempt) => ({
  id: a.id,
  deliveryId: a.deliveryId,
  subscriptionId: a.subscriptionId,
  event: a.eventType,
  url: a.url,
  attempt: a.attempt,
  trigger: a.trigger,
  status: a.succeeded ? ('succeeded' as const) : ('failed' as const),
  success: a.succeeded,
  httpStatus: a.httpStatus,
  durationMs: a.durationMs,
  responseBody: a.responseBody,
  error: a.error,
  createdAt: a.createdAt.toISOString(),
});
