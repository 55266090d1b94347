import { isUtf8 } from 'node:buffer';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';

/**
 * Refuses a body that is not well-formed UTF-8 (JSON must be, RFC 8259), before anything reads it as
 * text: decoding would put U+FFFD in place of the bad bytes and the service would store text the
 * sender never sent. The bytes read here are kept by Hono for the route's own reads, and handed on
 * as a new request body for handlers that read the raw request (the assistant tools' transport).
 */
export const refuseInvalidUtf8: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bytes = await c.req.arrayBuffer();
  if (!isUtf8(bytes)) throw new ApiError('invalid_json', 'The request body is not valid UTF-8');
  c.req.raw = new Request(c.req.raw, { body: bytes });
  await next();
};
