import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { IngestNotification } from '../../../application/sales/ingest-notification.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';

const Received = z
  .object({ outcome: z.string().openapi({ example: 'created' }), conversionId: z.string().nullable() })
  .openapi('IngestReceipt', { 'x-extension': true });

const IdParam = z.object({ integrationId: z.string().openapi({ param: { name: 'integrationId', in: 'path' } }) });

/**
 * `POST /ingest/v1/:integrationId`: the provider's webhook endpoint. No API key: the provider's
 * signature over the raw body authenticates it, so the body is read as text, untouched.
 */
export const ingestRoutes = (ingest: IngestNotification) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'post',
      path: '/ingest/v1/{integrationId}',
      tags: ['Integrations'],
      summary: "A payment provider's signed notification",
      description:
        "The provider posts here (the integration's `endpointUrl`). Authenticated by the provider's signature (for `card`: `Stripe-Signature`, 300 s tolerance; for `app_store`: the body `{\"signedPayload\": \"<JWS>\"}` verified against Apple's root certificates). 200 once the delivery is recorded (duplicates included); 400 `invalid_signature` or `invalid_json` (malformed JSON, or a body that is not valid UTF-8) records nothing; 404 for an unknown, deleted or inactive integration; 503 `verification_unavailable` when the service cannot verify it now (no App Store root certificates configured, Apple's certificate status unreachable); 5xx asks the provider to retry.",
      security: [],
      request: { params: IdParam },
      responses: { 200: { description: 'Recorded', content: { 'application/json': { schema: z.object({ data: Received }) } } } },
    }),
    async (c) => {
      const rawBody = await c.req.text();
      const result = await ingest.execute(requireId(c.req.valid('param').integrationId, 'Integration'), { rawBody, header: (name) => c.req.header(name) });
      if (result.isErr()) throw ApiError.from(result.error);
      return sendData(c, { outcome: result.value.outcome, conversionId: result.value.conversionId });
    },
  );
