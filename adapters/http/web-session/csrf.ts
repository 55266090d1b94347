import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf as originCheck } from 'hono/csrf';
import { randomSecret, secretsMatch } from '../../../application/web-sessions/secret-token.js';
import { anonymousCsrfCookie, overHttps, type SessionCookie } from './session-cookie.js';
import { sessionOf } from './web-env.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The token a form shown before sign-in carries, kept in a cookie of its own (double submit); made
 * on first use. A signed-in page uses its session's token instead.
 */
export const anonymousCsrfToken = (c: Context, cookie: SessionCookie): string => {
  const anon = anonymousCsrfCookie(cookie);
  const existing = getCookie(c, anon.name);
  if (existing && existing.length >= 32) return existing;
  const token = randomSecret();
  setCookie(c, anon.name, token, { path: anon.path, httpOnly: true, secure: overHttps(c), sameSite: 'Lax' });
  return token;
};

/** The token every state-changing form on this page must carry. */
// any surface whose env extends WebEnv
export const csrfTokenOf = (c: Context<any>, cookie: SessionCookie): string => sessionOf(c)?.csrfToken ?? anonymousCsrfToken(c, cookie);

const presentedToken = async (c: Context): Promise<string | null> => {
  const header = c.req.header(CSRF_HEADER);
  if (header) return header;
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  const body = await c.req.parseBody();
  const field = body[CSRF_FIELD];
  return typeof field === 'string' ? field : null;
};

const refuse = (c: Context) => c.text('This form has expired or did not come from this site. Go back, reload the page and try again.', 403);

/**
 * Every state-changing request on a browser surface is refused (403) unless it comes from this
 * origin (Hono's `csrf`: `Origin` / `Sec-Fetch-Site`) AND carries the page's token: the session's
 * once signed in, else the pre-sign-in cookie's (so sign-in itself cannot be forged either).
 */
// any surface whose env extends WebEnv
export const csrfProtection = (cookie: SessionCookie): MiddlewareHandler<any> => {
  // Compared by host, not by scheme: behind a proxy that ends TLS the request URL says http while the browser says https.
  const sameOrigin = originCheck({
    origin: (origin, c) => {
      try {
        return new URL(origin).host === (c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host);
      } catch {
        return false;
      }
    },
  });
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    let originOk = false;
    await sameOrigin(c, async () => {
      originOk = true;
    }).catch(() => undefined);
    if (!originOk) return refuse(c);
    const expected = sessionOf(c)?.csrfToken ?? getCookie(c, anonymousCsrfCookie(cookie).name) ?? null;
    const presented = await presentedToken(c);
    if (!expected || !presented || !secretsMatch(presented, expected)) return refuse(c);
    await next();
  };
};
