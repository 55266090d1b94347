import { isUtf8 } from 'node:buffer';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';

const decoder = new TextDecoder();

/** The body's bytes, refused with 400 when they are not well-formed UTF-8. */
const utf8Bytes = async (c: Context<AppEnv>): Promise<ArrayBuffer> => {
  const bytes = await c.req.arrayBuffer();
  if (!isUtf8(bytes)) throw new ApiError('invalid_json', 'The request body is not valid UTF-8');
  return bytes;
};

/**
 * Refuses a body that is not well-formed UTF-8 (JSON must be, RFC 8259), before anything reads it as
 * text: decoding would put U+FFFD in place of the bad bytes and the service would store text the
 * sender never sent. The bytes and their text are left in Hono's body cache, where the route's own
 * reads (`c.req.json()`, `text()`, `arrayBuffer()`) find them: reading the body through a rebuilt
 * `Request` would make the server build two full WHATWG requests a write, a measurable share of a
 * sale's CPU (bench/README.md).
 */
export const refuseInvalidUtf8: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bytes = await utf8Bytes(c);
  // Hono keeps each read's promise under the reading method's name (its types say otherwise).
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(decoder.decode(bytes));
  await next();
};

/**
 * The same check for a handler that reads the raw request itself (the assistant tools' transport):
 * the bytes read are handed on as a new request body.
 */
export const refuseInvalidUtf8ForRawReaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.req.raw = new Request(c.req.raw, { body: await utf8Bytes(c) });
  await next();
};
