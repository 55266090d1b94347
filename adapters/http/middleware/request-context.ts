import type { MiddlewareHandler } from 'hono';
import type { Logger as Pino } from 'pino';
import type { IdGenerator } from '../../../application/ports/id-generator.js';
import type { AppEnv } from '../app-env.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
export const API_VERSION = '1';

/**
 * Outermost middleware: request id, one structured log line per request, and the headers every
 * response carries (`X-API-Version`, `X-Request-Id`), set after the handler so that errors get them too.
 */
export const requestContext =
  (logger: Pino, ids: IdGenerator): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : ids.next();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('actor', 'anonymous');
    await next();
    c.res.headers.set('X-API-Version', API_VERSION);
    c.res.headers.set('X-Request-Id', requestId);
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
