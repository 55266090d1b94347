import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';

const ALLOW_METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH';

/**
 * CORS for any origin (`*`, no credentials), as `hono/cors` with `origin: '*'` answers, but with the
 * headers prepared on the context before the handler runs (`c.header`) instead of set on a Response
 * object: `hono/cors` reads `c.res` first, which builds a throw-away Response and makes every later
 * response copy its headers (measured by `npm run bench`: a visible share of a GET's CPU). Responses
 * made through the context (every one here, errors included) carry the prepared headers.
 */
export const corsAnyOrigin = (exposeHeaders: readonly string[]): MiddlewareHandler<AppEnv> => {
  const expose = exposeHeaders.join(',');
  return async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (expose) c.header('Access-Control-Expose-Headers', expose);
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
      const requested = c.req.header('Access-Control-Request-Headers');
      if (requested) {
        c.header('Access-Control-Allow-Headers', requested.split(',').map((h) => h.trim()).join(','));
        c.header('Vary', 'Access-Control-Request-Headers', { append: true });
      }
      return c.body(null, 204);
    }
    await next();
  };
};
