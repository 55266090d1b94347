import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY_MAX_LENGTH, type IdempotencyGate } from '../../../application/idempotency/idempotency-gate.js';
import type { IdempotencyScope } from '../../../application/ports/idempotency-records.js';
import { callerIdOf } from '../../../application/shared/actor.js';
import type { AppEnv } from '../app-env.js';
import { sendError } from '../envelope.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Visible ASCII only: a key is an opaque token (a UUID is typical). */
const KEY_TEXT = /^[\x21-\x7e]+$/;

/** The same JSON in another key order or spacing is the same request. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
};

const fingerprintOf = (method: string, path: string, body: string): string => {
  let normalized = body;
  try {
    normalized = JSON.stringify(canonical(JSON.parse(body)));
  } catch {
    // Not JSON, or nested too deeply to walk: the bytes as sent (the route refuses them, and nothing is kept).
  }
  return createHash('sha256').update(`${method} ${path}\n${normalized}`).digest('hex');
};

/** Refusals that happen before the operation runs are not kept, so the corrected request can reuse the key (as Stripe does). */
const NOT_KEPT_CODES = new Set(['validation_error', 'invalid_json', 'payload_too_large', 'unsupported_media_type', 'rate_limit_exceeded', 'unauthorized']);
const keeps = (c: Context<AppEnv>, status: number) => status < 500 && !NOT_KEPT_CODES.has(c.get('errorCode') ?? '');

/**
 * `Idempotency-Key` on `POST`: the first response per (API key, merchant, mode, key) is stored for 24
 * hours and replayed byte for byte with `Idempotent-Replayed: true`; the key with another path or body
 * answers `409 idempotency_key_reuse`, and while the first request still runs (after a short wait)
 * `409 idempotency_key_in_progress`. Runs after authentication, so the key's owner is known.
 */
export const idempotency =
  (gate: IdempotencyGate): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (c.req.method !== 'POST' || key === undefined) return next();
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_TEXT.test(key)) {
      const message = `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`;
      return sendError(c, 'validation_error', `Invalid request: ${IDEMPOTENCY_KEY_HEADER} ${message}`, [{ field: IDEMPOTENCY_KEY_HEADER, message }]);
    }
    const principal = c.get('principal');
    const scope: IdempotencyScope = { apiKeyId: callerIdOf(principal.actor), merchantId: principal.merchant.id, mode: c.get('tenant').mode, key };
    const outcome = await gate.enter(scope, fingerprintOf(c.req.method, c.req.path, await c.req.text()));
    if (outcome.kind === 'reused') {
      return sendError(c, 'idempotency_key_reuse', `${IDEMPOTENCY_KEY_HEADER} was already used for a different request (another path or body)`);
    }
    if (outcome.kind === 'in_progress') {
      return sendError(c, 'idempotency_key_in_progress', `A request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress; retry shortly`);
    }
    if (outcome.kind === 'completed') {
      const { status, contentType, body } = outcome.response;
      c.header(REPLAYED_HEADER, 'true');
      if (contentType) c.header('Content-Type', contentType);
      return c.body(body, status as ContentfulStatusCode);
    }
    try {
      await next();
    } catch (error) {
      await gate.release(scope);
      throw error;
    }
    const status = c.res.status;
    if (!keeps(c, status)) return gate.release(scope);
    await gate.complete(scope, { status, contentType: c.res.headers.get('content-type'), body: await c.res.clone().text() });
  };
