import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { knownErrorCodes } from '../error-status.js';
import { GUARD_ERRORS } from '../middleware/guards.js';
import { API_VERSION } from '../middleware/request-context.js';
import { operationKey, SPEC_OPERATIONS } from './spec-operations.js';
import { webhookEventRoutes } from './webhook-events.js';
import { completeOperation } from './operation-completion.js';
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../middleware/idempotency.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../../application/idempotency/idempotency-gate.js';

/**
 * The OpenAPI 3.1 documents, generated from the mounted app: every `createRoute` definition that the
 * routers registered (the same zod schemas that validate requests), merged by `app.route()`, then
 * completed here with what the routes do not declare themselves: error responses per status (from
 * the route's guards and kind, each with the codes of `error-status.ts`), the response headers, the
 * security schemes, the webhook events, and `x-extension: true` on operations beyond the spec.
 *
 * Two documents: the public API (`/api/v1`, served at `/api/v1/openapi.json`) and the operator API
 * (`/admin/v1`, an extension, served at `/admin/v1/openapi.json` behind the operator token).
 */

/** Loosely typed JSON: the document is plain data, walked and completed here. */
type Json = any;

export interface OpenApiDocuments {
  readonly public: Json;
  readonly admin: Json;
}

export const PUBLIC_PREFIX = '/api/v1';
export const ADMIN_PREFIX = '/admin/v1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalError',
};
const statusName = (status: number) => STATUS_NAMES[status] ?? `Error${status}`;

type Surface = 'public' | 'admin';

const PUBLIC_DESCRIPTION = `A JSON REST API for an affiliate program: campaigns, affiliates, conversions (sales and the
commission they earn), coupons, payouts, teams, statistics and signed webhooks.

**Authentication.** Every operation takes \`Authorization: Bearer <API key>\`. Live keys
(\`svc_pk_live_…\`) see and change live data only; test keys (\`svc_pk_test_…\`) see and change test
data only, and test-key activity sends no webhooks. Each key is read-only or read-write; write keys
exist on the Ultimate and Scale plans.

**Envelopes.** Success: \`{ "data": … }\`, lists add \`"pagination": { page, limit, total, totalPages }\`
(\`page\` default 1, \`limit\` default 25, max 100). Errors: \`{ "error": { "code", "message", "details"? } }\`;
every error response below lists its possible \`code\` values, and \`400 validation_error\` carries
\`details: [{ field, message }]\`.

**Rate limits.** Per merchant and minute: Pro 60, Ultimate 300, Scale 1000 (\`POST /affiliates/invite\`:
also 10). Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`
(epoch seconds); a \`429\` adds \`Retry-After\` (seconds).

**Versioning.** The version is in the path (\`/api/v1\`) and in the \`X-API-Version\` header (\`${API_VERSION}\`) of
every response. Changes within v1 are additive.

**Money.** Amounts go in as JSON numbers in major units (dollars, not cents) and come back as decimal
strings in lists and as numbers where the spec says so; per-currency figures are never converted.

**Extensions.** Operations, fields and payloads marked \`x-extension: true\` go beyond the published
specification (they are stable parts of this service, but other implementations of the spec may lack them).

**Webhooks.** The \`webhooks\` section lists every event, its envelope \`{ event, data, timestamp, id }\`
and the \`X-Service-Signature\` header. \`affiliate-service/client\` exports \`verifyWebhookSignature\`.`;

const ADMIN_DESCRIPTION = `The operator API (an extension of the spec): provisioning merchants and keys, the affiliate
portal stand-ins (sign-ups, payout details), refunds and holds, exchange rates, the test clock and
background jobs. Enabled only when the service runs with \`ADMIN_TOKEN\`; every call takes
\`Authorization: Bearer <ADMIN_TOKEN>\`. Same envelopes as the public API.`;

const TAG_DESCRIPTIONS: Record<string, string> = {
  Account: 'The calling key, its merchant, plan and rate-limit state.',
  Campaigns: 'Campaigns and their commission settings; create needs a live write key (Ultimate or Scale).',
  Affiliates: 'Affiliates, their memberships per campaign, invitations and tracking links.',
  Conversions: 'Sales and the commission they earn; approving or rejecting them.',
  Coupons: 'Coupon codes that attribute sales to affiliates.',
  Payouts: 'The payout queue (read-only).',
  Teams: 'Affiliate Teams, goals and bonus awards (Scale).',
  Statistics: 'Aggregate statistics and the monthly overview, in the key mode.',
  Search: 'Free-text search across campaigns, affiliates, coupons and conversions.',
  Webhooks: 'Outbound webhook subscriptions and their delivery log (Ultimate and Scale).',
  'Webhook events': 'What the service POSTs to your subscription URL.',
  Tracking: 'Public tracking links, the tracking script and its reports (no authentication).',
  Customers: 'Leads: customers linked to the affiliate who referred them (extension).',
  Service: 'Health and this document (no authentication).',
  Operator: 'Operator API (extension).',
};

const header = (description: string, schema: Json, required = true) => ({ description, required, schema });
const HEADERS = {
  XApiVersion: header('The API version', { type: 'string', enum: [API_VERSION] }),
  XRequestId: header('The request id (echoes a safe incoming `X-Request-Id`); quote it when reporting a problem', { type: 'string' }),
  XRateLimitLimit: header('Requests allowed per minute', { type: 'integer', minimum: 0 }),
  XRateLimitRemaining: header('Requests left in the current window', { type: 'integer', minimum: 0 }),
  XRateLimitReset: header('When the current fixed minute ends (epoch seconds)', { type: 'integer', minimum: 0 }),
  RetryAfter: header('Seconds to wait before one more request fits', { type: 'integer', minimum: 0 }),
};
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with \`${REPLAYED_HEADER}: true\`. The same key with another path or body answers \`409 idempotency_key_reuse\`; while the first request still runs, \`409 idempotency_key_in_progress\`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
  example: '5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21',
};
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const optional = (name: keyof typeof HEADERS) => ({ ...HEADERS[name], required: false });

/** The headers a response of `status` carries on a surface. */
const responseHeaders = (surface: Surface | 'open', status: number): Record<string, Json> => {
  const headers: Record<string, Json> = { 'X-API-Version': ref('headers', 'XApiVersion'), 'X-Request-Id': ref('headers', 'XRequestId') };
  if (surface !== 'public') return headers;
  // Every answer under /api carries them, a 413 included (the limit runs before the body limit). A
  // 500 may have failed before the budget could be read (the database unreachable), and a 503 comes
  // only from a provider's receiving endpoint, which no key's limit counts: only there are they optional.
  const limited = status !== 500 && status !== 503;
  headers['X-RateLimit-Limit'] = limited ? ref('headers', 'XRateLimitLimit') : optional('XRateLimitLimit');
  headers['X-RateLimit-Remaining'] = limited ? ref('headers', 'XRateLimitRemaining') : optional('XRateLimitRemaining');
  headers['X-RateLimit-Reset'] = limited ? ref('headers', 'XRateLimitReset') : optional('XRateLimitReset');
  if (status === 429) headers['Retry-After'] = ref('headers', 'RetryAfter');
  return headers;
};

const codesByStatus = (): Map<number, string[]> => {
  const map = new Map<number, string[]>();
  for (const [code, status] of knownErrorCodes()) map.set(status, [...(map.get(status) ?? []), code]);
  return map;
};

const errorSchema = (codes: readonly string[]): Json => ({
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: [...codes], description: 'Machine-readable; one of the listed values' },
        message: { type: 'string', description: 'Human-readable' },
        details: { type: 'array', items: ref('schemas', 'FieldProblem'), description: 'Per-field problems (validation errors)' },
      },
    },
  },
});

const errorResponse = (surface: Surface | 'open', status: number, codes: readonly string[]): Json => ({
  description: `Error: ${codes.map((c) => `\`${c}\``).join(', ')}`,
  headers: responseHeaders(surface, status),
  content: { 'application/json': { schema: errorSchema(codes) } },
});

/** Method and OpenAPI path → the error codes of the guards in its handler chain. */
const guardCodesOf = (app: Hono<Json>): Map<string, Set<string>> => {
  const map = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path.replace(/:([^/{]+)(\{[^}]*\})?/g, '{$1}')}`;
    const codes = map.get(key) ?? new Set<string>();
    for (const code of GUARD_ERRORS.get(route.handler) ?? []) codes.add(code);
    map.set(key, codes);
  }
  return map;
};

/**
 * The error statuses of one operation. Everything behind authentication can answer 401, 429 and 500;
 * any input can fail validation (400); a body can be malformed JSON, too large or of another media
 * type; guards answer 403 with their codes; a path id or an `…Id` filter can name nothing (404);
 * writes reach the domain, whose refusals are 400, 403, 404, 409 and 422.
 */
const errorStatuses = (surface: Surface, method: string, op: Json, guardCodes: ReadonlySet<string>): Map<number, readonly string[] | 'all'> => {
  const statuses = new Map<number, readonly string[] | 'all'>();
  const add = (status: number, codes: readonly string[] | 'all' = 'all') => {
    const existing = statuses.get(status);
    if (existing === 'all' || codes === 'all') statuses.set(status, 'all');
    else statuses.set(status, [...new Set([...(existing ?? []), ...codes])]);
  };
  const params: Json[] = op.parameters ?? [];
  // An operation without security (a provider endpoint) cannot answer 401.
  if (!(Array.isArray(op.security) && op.security.length === 0)) add(401);
  add(500);
  if (surface === 'public') add(429);
  if (params.length > 0 || op.requestBody) add(400);
  if (op.requestBody) {
    add(413);
    add(415);
  }
  if (guardCodes.size > 0) add(403, [...guardCodes]);
  if (params.some((p) => p.in === 'path' || (p.in === 'query' && /Id$/.test(p.name)))) add(404);
  if (method !== 'get') {
    add(400);
    add(403);
    add(404);
    add(409);
    add(422);
  }
  return statuses;
};

const operationIdOf = (method: string, path: string): string => {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = param ? `By_${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('');
    });
  return `${method}${words.join('')}`;
};

/** Every `$ref` under `node`. */
const refsIn = (node: Json, found: Set<string>): Set<string> => {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
};

/** Drops components no operation or webhook reaches (the other surface's schemas). */
const pruneComponents = (doc: Json, keep: readonly string[]) => {
  const components = doc.components ?? {};
  const reached = new Set<string>(keep);
  let frontier = [...refsIn({ paths: doc.paths, webhooks: doc.webhooks }, new Set()), ...keep];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const target of frontier) {
      const match = /^#\/components\/([^/]+)\/(.+)$/.exec(target);
      if (!match) continue;
      reached.add(target);
      const component = components[match[1]!]?.[match[2]!];
      for (const inner of refsIn(component, new Set())) if (!reached.has(inner)) next.push(inner);
    }
    frontier = next;
  }
  for (const kind of Object.keys(components)) {
    if (kind === 'securitySchemes') continue;
    for (const name of Object.keys(components[kind])) {
      if (!reached.has(`#/components/${kind}/${name}`)) delete components[kind][name];
    }
    if (Object.keys(components[kind]).length === 0) delete components[kind];
  }
};

const clone = <T>(value: T): T => structuredClone(value);

/** The app's definitions (every sub-app's routes, merged by `app.route()`) plus the webhooks, generated as one 3.1 document. */
const generate = (app: OpenAPIHono<Json>): Json => {
  const scratch = new OpenAPIHono();
  // A registry whose parent is the app's: the app's own registry is left as it is.
  const Registry = app.openAPIRegistry.constructor as new (parents: readonly unknown[]) => OpenAPIHono['openAPIRegistry'];
  scratch.openAPIRegistry = new Registry([app.openAPIRegistry]);
  for (const webhook of webhookEventRoutes()) scratch.openAPIRegistry.registerWebhook(webhook);
  return scratch.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Affiliate service API', version: API_VERSION } });
};

const healthOperation = (baseUrl: string): Json => ({
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

const ingestOperation = (generated: Json, baseUrl: string): Json => {
  const item = clone(generated);
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

const trackingOperation = (baseUrl: string): Json => ({
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

const trackingScriptOperation = (baseUrl: string): Json => ({
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

const documentOperation = (surface: Surface): Json => ({
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

/** One surface's document from the generated whole. */
const surfaceDocument = (whole: Json, surface: Surface, guardCodes: Map<string, Set<string>>, baseUrl: string): Json => {
  const prefix = surface === 'public' ? PUBLIC_PREFIX : ADMIN_PREFIX;
  const byStatus = codesByStatus();
  const doc = clone(whole);
  doc.info = {
    title: surface === 'public' ? 'Affiliate service API' : 'Affiliate service operator API',
    version: API_VERSION,
    description: surface === 'public' ? PUBLIC_DESCRIPTION : ADMIN_DESCRIPTION,
  };
  doc.servers = [{ url: `${baseUrl}${prefix}`, description: surface === 'public' ? 'This service' : 'This service (operator API)' }];
  doc.jsonSchemaDialect = 'https://spec.openapis.org/oas/3.1/dialect/base';
  doc.security = [{ [surface === 'public' ? 'bearerAuth' : 'adminToken']: [] }];
  if (surface === 'admin') {
    delete doc.webhooks;
    doc['x-extension'] = true;
  }

  const paths: Json = {};
  for (const [fullPath, item] of Object.entries<Json>(whole.paths ?? {})) {
    // Public routes outside both APIs (provider endpoints) go in the public document under the bare base URL.
    const outside = surface === 'public' && !fullPath.startsWith(`${PUBLIC_PREFIX}/`) && !fullPath.startsWith(`${ADMIN_PREFIX}/`);
    if (!outside && !fullPath.startsWith(`${prefix}/`)) continue;
    const path = outside ? fullPath : fullPath.slice(prefix.length);
    const copy = clone(item);
    if (outside) copy.servers = [{ url: baseUrl }];
    const headersOf: Surface | 'open' = outside ? 'open' : surface;
    for (const method of METHODS) {
      const op = copy[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      completeOperation(op, method, path);
      if (surface === 'admin' || !SPEC_OPERATIONS.has(operationKey(method, path))) op['x-extension'] = true;
      op.responses ??= {};
      const idempotent = surface === 'public' && !outside && method === 'post';
      if (idempotent) op.parameters = [...(op.parameters ?? []), ref('parameters', 'IdempotencyKey')];
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (response.$ref) continue;
        response.headers = { ...responseHeaders(headersOf, Number(status)), ...(idempotent ? { [REPLAYED_HEADER]: ref('headers', 'IdempotentReplayed') } : {}), ...response.headers };
      }
      const statuses = errorStatuses(surface, method, op, guardCodes.get(`${method.toUpperCase()} ${fullPath}`) ?? new Set());
      for (const [status, codes] of [...statuses].sort(([a], [b]) => a - b)) {
        if (op.responses[status]) continue;
        if (outside) op.responses[status] = errorResponse('open', status, codes === 'all' ? (byStatus.get(status) ?? []) : codes);
        else op.responses[status] = codes === 'all' ? ref('responses', statusName(status)) : errorResponse(surface, status, codes);
      }
    }
    paths[path] = copy;
  }
  paths['/openapi.json'] = documentOperation(surface);
  if (surface === 'public') {
    paths['/healthz'] = healthOperation(baseUrl);
    paths['/r/{trackingCode}/{refCode}'] = trackingOperation(baseUrl);
    paths['/t.js'] = trackingScriptOperation(baseUrl);
    const ingest = whole.paths?.[INGEST_PATH];
    if (ingest) paths[INGEST_PATH] = ingestOperation(ingest, baseUrl);
  }
  doc.paths = paths;

  const components = (doc.components ??= {});
  components.securitySchemes =
    surface === 'public'
      ? {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key: `svc_pk_live_…` for live data, `svc_pk_test_…` for test data.',
          },
        }
      : { adminToken: { type: 'http', scheme: 'bearer', description: 'The `ADMIN_TOKEN` the service was started with.', 'x-extension': true } };
  components.headers = { ...HEADERS };
  if (surface === 'public') {
    components.headers.IdempotentReplayed = header('`true` when this is the stored response of an earlier request with the same `Idempotency-Key`', { type: 'string', enum: ['true'] }, false);
    components.parameters = { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER };
  }
  components.responses = {};
  for (const [status, codes] of byStatus) components.responses[statusName(status)] = errorResponse(surface, status, codes);
  components.schemas = {
    ...components.schemas,
    FieldProblem: {
      type: 'object',
      required: ['field', 'message'],
      properties: { field: { type: 'string', description: 'Dotted path of the offending value, e.g. `amount` or `events.0`' }, message: { type: 'string' } },
    },
    ErrorBody: errorSchema([...byStatus.values()].flat()),
  };
  pruneComponents(doc, ['#/components/schemas/ErrorBody', '#/components/schemas/FieldProblem']);

  const used = new Set<string>();
  for (const item of Object.values<Json>(doc.paths)) for (const method of METHODS) for (const tag of item[method]?.tags ?? []) used.add(tag);
  for (const item of Object.values<Json>(doc.webhooks ?? {})) for (const method of METHODS) for (const tag of item[method]?.tags ?? []) used.add(tag);
  doc.tags = [...used].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }));
  return doc;
};

const cache = new WeakMap<object, Map<string, OpenApiDocuments>>();

/** Where the documents say the service is when no base URL is given (the default `PUBLIC_BASE_URL`). */
export const DEFAULT_BASE_URL = 'http://localhost:3000';

/**
 * Both documents of a mounted app, with absolute `servers` under `baseUrl` (the service's
 * `PUBLIC_BASE_URL`, so generators and "Try it out" reach it from anywhere). Computed once per app
 * and base: the routes are fixed once it serves.
 */
export const openApiDocuments = (app: OpenAPIHono<Json>, baseUrl: string = DEFAULT_BASE_URL): OpenApiDocuments => {
  const byBase = cache.get(app) ?? new Map<string, OpenApiDocuments>();
  cache.set(app, byBase);
  const cached = byBase.get(baseUrl);
  if (cached) return cached;
  const whole = generate(app);
  const guardCodes = guardCodesOf(app);
  const base = baseUrl.replace(/\/+$/, '');
  const documents = { public: surfaceDocument(whole, 'public', guardCodes, base), admin: surfaceDocument(whole, 'admin', guardCodes, base) };
  byBase.set(baseUrl, documents);
  return documents;
};
