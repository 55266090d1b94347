import { OpenAPIHono } from '@hono/zod-openapi';
import { ADMIN_DESCRIPTION, PUBLIC_DESCRIPTION, TAG_DESCRIPTIONS } from './document-info.js';
import { errorResponse, errorSchema, codesByStatus, header, HEADERS, IDEMPOTENCY_KEY_PARAMETER, ref, responseHeaders, statusName, type Surface } from './document-responses.js';
import { errorStatuses, guardCodesOf } from './error-statuses.js';
import type { Json } from './json.js';
import { completeOperation } from './operation-completion.js';
import { pruneComponents } from './prune-components.js';
import { documentOperation, healthOperation, ingestOperation, INGEST_PATH, trackingOperation, trackingScriptOperation } from './service-operations.js';
import { operationKey, SPEC_OPERATIONS } from './spec-operations.js';
import { webhookEventRoutes } from './webhook-events.js';
import { REPLAYED_HEADER } from '../middleware/idempotency.js';
import { API_VERSION } from '../middleware/request-context.js';

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

export interface OpenApiDocuments {
  readonly public: Json;
  readonly admin: Json;
}

export const PUBLIC_PREFIX = '/api/v1';
export const ADMIN_PREFIX = '/admin/v1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

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
      const statuses = errorStatuses(surface, method, op, guardCodes.get(`${method.toUpperCase()} ${fullPath}`) ?? new Set(), fullPath);
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
