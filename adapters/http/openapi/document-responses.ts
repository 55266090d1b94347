import { knownErrorCodes } from '../error-status.js';
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../middleware/idempotency.js';
import { API_VERSION } from '../middleware/request-context.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../../application/idempotency/idempotency-gate.js';
import type { Json } from './json.js';

/** The parts every operation's responses share: headers, the error body, one response per error status. */

export type Surface = 'public' | 'admin';

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
export const statusName = (status: number) => STATUS_NAMES[status] ?? `Error${status}`;

export const header = (description: string, schema: Json, required = true) => ({ description, required, schema });
export const HEADERS = {
  XApiVersion: header('The API version', { type: 'string', enum: [API_VERSION] }),
  XRequestId: header('The request id (echoes a safe incoming `X-Request-Id`); quote it when reporting a problem', { type: 'string' }),
  XRateLimitLimit: header('Requests allowed per minute', { type: 'integer', minimum: 0 }),
  XRateLimitRemaining: header('Requests left in the current window', { type: 'integer', minimum: 0 }),
  XRateLimitReset: header('When the current fixed minute ends (epoch seconds)', { type: 'integer', minimum: 0 }),
  RetryAfter: header('Seconds to wait before one more request fits', { type: 'integer', minimum: 0 }),
};
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Makes a retry safe: the first response for this key (per API key and mode) is stored for 24 hours and answered again, byte for byte, with \`${REPLAYED_HEADER}: true\`. The same key with another path or body answers \`409 idempotency_key_reuse\`; while the first request still runs, \`409 idempotency_key_in_progress\`. Refusals before the operation runs (validation, rate limit) are not stored. Use a new random key (a UUID) per operation.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
  example: '5f0c3a52-8d4e-4f4b-9a57-0d2f2b1c6e21',
};
export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const optional = (name: keyof typeof HEADERS) => ({ ...HEADERS[name], required: false });

/** The headers a response of `status` carries on a surface. */
export const responseHeaders = (surface: Surface | 'open', status: number): Record<string, Json> => {
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

export const codesByStatus = (): Map<number, string[]> => {
  const map = new Map<number, string[]>();
  for (const [code, status] of knownErrorCodes()) map.set(status, [...(map.get(status) ?? []), code]);
  return map;
};

export const errorSchema = (codes: readonly string[]): Json => ({
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

export const errorResponse = (surface: Surface | 'open', status: number, codes: readonly string[]): Json => ({
  description: `Error: ${codes.map((c) => `\`${c}\``).join(', ')}`,
  headers: responseHeaders(surface, status),
  content: { 'application/json': { schema: errorSchema(codes) } },
});
