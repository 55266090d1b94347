import { z } from '@hono/zod-openapi';
import { MAX_RETRIES_LIMIT } from '../../../domain/webhook/index.js';

/** What the webhook routes accept: bodies (unknown fields refused), path parameters and queries. */

const Url = z.string().min(1).max(2048).openapi({ example: 'https://example.com/webhooks/affiliate' });
const Events = z.array(z.string()).min(1).max(50).openapi({ example: ['conversion.created', 'conversion.approved'] });
const MaxRetries = z.number().int().min(0).max(MAX_RETRIES_LIMIT).openapi({ 'x-extension': true, description: 'Automatic retries with exponential backoff; 0 (the default) keeps the spec’s deliver-once behaviour' });

export const CreateWebhookBody = z.object({ url: Url, events: Events, maxRetries: MaxRetries.optional() }).strict().openapi('CreateWebhook');
export const UpdateWebhookBody = z
  .object({ url: Url.optional(), events: Events.optional(), active: z.boolean().optional(), maxRetries: MaxRetries.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'give at least one of url, events, active, maxRetries' })
  .openapi('UpdateWebhook');

export const WebhookIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
export const WebhookResendParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  deliveryId: z.string().openapi({ param: { name: 'deliveryId', in: 'path' } }),
});
export const WebhookDeleteQuery = z.object({ id: z.string().min(1).openapi({ param: { name: 'id', in: 'query' } }) });
export const WebhookDeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(25).openapi({ example: 25 }) });
