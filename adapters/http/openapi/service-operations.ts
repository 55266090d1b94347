import { errorResponse, ref, responseHeaders, statusName, type Surface } from './document-responses.js';
import type { Json } from './json.js';

/**
 * Operations written out by hand: those served outside the routers (health, the tracking link and
 * script, the documents themselves) and the completion of the providers' receiving endpoint.
 */

export const healthOperation = (baseUrl: string): Json => ({
  servers: [{ url: baseUrl }],
  get: {
    tags: ['Service'],
    operationId: 'getHealthz',
    summary: 'Readiness: 200 while the service can serve requests, 503 while its database cannot be reached',
    description: 'For load balancers and orchestrators (no key needed): restart or drain an instance that answers 503.',
    security: [],
    'x-extension': true,
    responses: {
      200: {
        description: 'Serving',
        headers: responseHeaders('open', 200),
        content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } } },
      },
      503: {
        description: 'The database does not answer within 2 seconds (down, unreachable, or no pooled connection free)',
        headers: responseHeaders('open', 503),
        content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['unavailable'] } } } } },
      },
    },
  },
});

/** A payment provider's receiving endpoint: outside `/api/v1`, authenticated by the provider's signature. */
export const INGEST_PATH = '/ingest/v1/{integrationId}';

export const ingestOperation = (generated: Json, baseUrl: string): Json => {
  const item = structuredClone(generated);
  item.servers = [{ url: baseUrl }];
  const op = item.post;
  op.operationId = 'postProviderNotification';
  op.security = [];
  op['x-extension'] = true;
  for (const response of Object.values<Json>(op.responses ?? {})) response.headers = { ...responseHeaders('open', 200), ...response.headers };
  op.responses[400] = errorResponse('open', 400, ['invalid_signature', 'invalid_json', 'validation_error']);
  op.responses[404] = errorResponse('open', 404, ['not_found']);
  op.responses[413] = errorResponse('open', 413, ['payload_too_large']);
  op.responses[429] = {
    ...errorResponse('open', 429, ['rate_limit_exceeded']),
    description: 'Error: `rate_limit_exceeded` (more notifications a minute than the integration accepts; the provider retries)',
  };
  op.responses[500] = errorResponse('open', 500, ['internal_error']);
  // Only this endpoint answers 503 with an error body; the shared component keeps every code's status documented.
  op.responses[503] = ref('responses', statusName(503));
  return item;
};

export const trackingOperation = (baseUrl: string): Json => ({
  servers: [{ url: baseUrl }],
  get: {
    tags: ['Tracking'],
    operationId: 'getTrackingLink',
    summary: "A tracking link: records a click and redirects to the campaign's target URL",
    description:
      'The `trackingLink` of an affiliate (no authentication; 60 a minute per visitor address). Records a click when the campaign is active and the affiliate approved on it, then answers `302` to the campaign `targetUrl` with `click_id=<click id>` added (report it back as `clickId` on the conversion). A campaign without a `targetUrl`, or an unknown link, answers `404`.',
    security: [],
    'x-extension': true,
    parameters: [
      { name: 'trackingCode', in: 'path', required: true, schema: { type: 'string' }, description: "The campaign's trackingCode" },
      { name: 'refCode', in: 'path', required: true, schema: { type: 'string' }, description: "The affiliate's referral code" },
    ],
    responses: {
      302: {
        description: 'Redirect to the target URL',
        headers: {
          ...responseHeaders('open', 302),
          Location: { description: 'The target URL with `click_id`', required: true, schema: { type: 'string' } },
        },
      },
      404: errorResponse('open', 404, ['not_found']),
      429: {
        ...errorResponse('open', 429, ['rate_limit_exceeded']),
        description: 'Error: `rate_limit_exceeded` (an address following links faster than a person can; nothing is recorded)',
        headers: { ...responseHeaders('open', 429), 'Retry-After': ref('headers', 'RetryAfter') },
      },
      500: errorResponse('open', 500, ['internal_error']),
    },
  },
});

export const trackingScriptOperation = (baseUrl: string): Json => ({
  servers: [{ url: baseUrl }],
  get: {
    tags: ['Tracking'],
    operationId: 'getTrackingScript',
    summary: 'The tracking script for merchant pages (plain JavaScript, no dependencies)',
    description:
      'Load it with `<script src="{base}/t.js" data-merchant="<merchant id>" async></script>` (`data-mode="test"` for test mode, `data-campaign="<trackingCode>"` to accept `?ref=<refCode>` landings). It keeps the click of a landing (`click_id`, or a click registered for `?ref=`) in a first-party cookie for the campaign\'s attribution window, adds `client_reference_id` to card-processor payment links and pricing tables, and offers `window.affiliateService.clickId()`, `.lead({ email, customerId })` and `.sale({ orderId, amount, currency })`. Cached for an hour, revalidated by `ETag`.',
    security: [],
    'x-extension': true,
    parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'The `ETag` of a cached copy' }],
    responses: {
      200: {
        description: 'The script',
        headers: {
          ...responseHeaders('open', 200),
          'Cache-Control': { description: 'Cacheable (`public, max-age=…`)', required: true, schema: { type: 'string' } },
          ETag: { description: "The script version's tag", required: true, schema: { type: 'string' } },
        },
        content: { 'text/javascript': { schema: { type: 'string' } } },
      },
      304: { description: 'The cached copy is current', headers: { ...responseHeaders('open', 304), ETag: { description: "The script version's tag", required: true, schema: { type: 'string' } } } },
    },
  },
});

export const documentOperation = (surface: Surface): Json => ({
  get: {
    tags: [surface === 'public' ? 'Service' : 'Operator'],
    operationId: surface === 'public' ? 'getOpenApiDocument' : 'getOperatorOpenApiDocument',
    summary: surface === 'public' ? 'This OpenAPI 3.1 document (no authentication)' : 'The operator OpenAPI 3.1 document',
    description: 'The machine-readable contract, generated from the same schemas that validate requests.',
    ...(surface === 'public' ? { security: [] } : {}),
    'x-extension': true,
    responses: {
      200: {
        description: 'The document',
        headers: responseHeaders('open', 200),
        content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string' } }, additionalProperties: true } } },
      },
      ...(surface === 'admin' ? { 401: errorResponse('admin', 401, ['unauthorized']) } : {}),
    },
  },
});
