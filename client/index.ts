/**
 * The typed client of the affiliate service, published as `affiliate-service/client`:
 * `openapi-fetch` over the types generated from the service's OpenAPI document (`api-types.ts`),
 * plus the webhook signature helpers. Depends on `openapi-fetch` and `node:crypto` only.
 *
 * ```ts
 * const client = createAffiliateClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.API_KEY! });
 * const { data: conversion } = await unwrap(client.POST('/conversions', { body: { campaignId, affiliateId, amount: 120 } }));
 * ```
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths, webhooks } from './api-types.js';
import { checkWebhookSignature, type VerifyFailure, type VerifyOptions } from './webhooks.js';

export type { components, operations, paths, webhooks } from './api-types.js';
export {
  checkWebhookSignature,
  computeWebhookSignature,
  DEFAULT_TOLERANCE_SECONDS,
  SIGNATURE_HEADER,
  signWebhookPayload,
  verifyWebhookSignature,
  type VerifyFailure,
  type VerifyOptions,
  type VerifyResult,
} from './webhooks.js';

/** Every named schema of the API, e.g. `Schemas['Conversion']`. */
export type Schemas = components['schemas'];
export type AffiliateClient = Client<paths>;

export interface AffiliateClientOptions {
  /** The service's address, e.g. `http://localhost:3000`; the client adds `/api/v1`. */
  readonly baseUrl: string;
  /** `svc_pk_live_…` (live data) or `svc_pk_test_…` (test data). */
  readonly apiKey: string;
  /** Another fetch implementation (tests, proxies). Default: the global `fetch`. */
  readonly fetch?: ClientOptions['fetch'];
  /** Extra headers for every request (e.g. `X-Request-Id`). */
  readonly headers?: Record<string, string>;
  /**
   * Sends a fresh random `Idempotency-Key` with every `POST` that has none (default true), so a
   * retried request object is never applied twice. To retry an operation yourself, pass your own key
   * in `params.header['Idempotency-Key']` and send the same key again.
   */
  readonly idempotencyKeys?: boolean;
}

/** A client for `/api/v1`: `client.GET('/conversions/{id}', { params: { path: { id } } })`, typed end to end. */
export const createAffiliateClient = (options: AffiliateClientOptions): AffiliateClient => {
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/v1`,
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (options.idempotencyKeys !== false) {
    client.use({
      onRequest({ request }) {
        if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY_HEADER)) request.headers.set(IDEMPOTENCY_KEY_HEADER, globalThis.crypto.randomUUID());
        return request;
      },
    });
  }
  return client;
};

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** An error answer of the API: `status`, the envelope's `code`, `message` and `details`. */
export class AffiliateApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly FieldProblem[] | undefined,
    /** `X-Request-Id` of the response: quote it when reporting a problem. */
    readonly requestId: string | null,
    /** `Retry-After` in seconds on a 429. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = 'AffiliateApiError';
  }
}

type Outcome<T> = { data: T; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

const errorFields = (error: unknown): { code: string; message: string; details?: readonly FieldProblem[] } => {
  const inner = (error as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  return {
    code: typeof inner?.code === 'string' ? inner.code : 'unknown_error',
    message: typeof inner?.message === 'string' ? inner.message : 'The service answered with an error',
    ...(Array.isArray(inner?.details) ? { details: inner.details as FieldProblem[] } : {}),
  };
};

/**
 * Awaits a client call and returns the response body (`{ data }`, plus `pagination` on lists), or
 * throws an `AffiliateApiError` carrying the error envelope's `code`.
 */
export const unwrap = async <T>(call: Promise<Outcome<T>>): Promise<NonNullable<T>> => {
  const outcome = await call;
  if (outcome.error === undefined && outcome.response.ok) return outcome.data as NonNullable<T>;
  const { code, message, details } = errorFields(outcome.error);
  const retryAfter = outcome.response.headers.get('retry-after');
  throw new AffiliateApiError(
    outcome.response.status,
    code,
    message,
    details,
    outcome.response.headers.get('x-request-id'),
    retryAfter === null ? null : Number(retryAfter),
  );
};

/** The names of the events the service sends. */
export type WebhookEventName = keyof webhooks;
/** The envelope POSTed for an event: `{ event, data, timestamp, id }`. */
export type WebhookEnvelope<E extends WebhookEventName = WebhookEventName> = E extends WebhookEventName
  ? webhooks[E]['post']['requestBody']['content']['application/json']
  : never;

export class WebhookVerificationError extends Error {
  constructor(readonly reason: VerifyFailure | 'invalid_json') {
    super(`Webhook rejected: ${reason}`);
    this.name = 'WebhookVerificationError';
  }
}

/**
 * Verifies a delivery (signature and age, see `checkWebhookSignature`) and parses it. `rawBody` must
 * be the body exactly as received. Narrow on `event.event` to get each event's `data` type.
 */
export const parseWebhook = (
  secret: string,
  signatureHeader: string | null | undefined,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): WebhookEnvelope => {
  const verdict = checkWebhookSignature(secret, signatureHeader, rawBody, options);
  if (!verdict.valid) throw new WebhookVerificationError(verdict.reason);
  try {
    return JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody)) as WebhookEnvelope;
  } catch {
    throw new WebhookVerificationError('invalid_json');
  }
};
