import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './app-env.js';
import { ApiError } from './api-error.js';
import { sendError } from './envelope.js';

/** Renders every thrown error as the spec's envelope; unexpected ones are logged and answered generically. */
export const handleError = (error: Error, c: Context<AppEnv>) => {
  if (error instanceof ApiError) return sendError(c, error.code, error.message, error.details, error.headers);
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message)) {
      return sendError(c, 'invalid_json', 'The request body is not valid JSON');
    }
    if (error.status === 413) return sendError(c, 'payload_too_large', 'The request body is too large');
    if (error.status === 415) return sendError(c, 'unsupported_media_type', 'The request body must be JSON (Content-Type: application/json)');
    if (error.status < 500) return sendError(c, 'validation_error', error.message);
  }
  (c.get('log') ?? console).error({ err: error, path: c.req.path }, 'unhandled error');
  return sendError(c, 'internal_error', 'An unexpected error occurred');
};

export const handleNotFound = (c: Context<AppEnv>) => sendError(c, 'not_found', `No route for ${c.req.method} ${c.req.path}`);
