import type { MiddlewareHandler } from 'hono';
import type { Logger as Pino } from 'pino';
import { randomUUID } from 'node:crypto';
import { requestLog } from '../../logging/request-log.js';
import type { AppEnv } from '../app-env.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
export const API_VERSION = '1';

/**
 * Outermost middleware: request id, one structured log line per request, and the headers every
 * response carries (`X-API-Version`, `X-Request-Id`), prepared before the handler so that errors get them too.
 */
export const requestContext =
  (logger: Pino): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    // Random, not time-ordered: nothing sorts by request id, and `randomUUID` draws from a cached pool
    // (a time-ordered id per request was a measurable share of a hot read's CPU).
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = requestLog(logger, requestId);
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('actor', 'anonymous');
    // Prepared on the context, so every response made through it (errors included) carries them
    // without building and copying a Response object (see middleware/cors.ts).
    c.header('X-API-Version', API_VERSION);
    c.header('X-Request-Id', requestId);
    await next();
    if (!c.res.headers.has('X-Request-Id')) {
      // A raw Response returned by a handler skips the prepared headers: these two are added here
      // (a handler that returns one should pass it through `c.newResponse`, which adds them all).
      const res = c.res;
      const headers = new Headers(res.headers);
      headers.set('X-API-Version', API_VERSION);
      headers.set('X-Request-Id', requestId);
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    }
    if (!logger.isLevelEnabled('info')) return;
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        errorCode: c.get('errorCode'),
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
