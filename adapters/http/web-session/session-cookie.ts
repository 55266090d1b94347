import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** Where a surface keeps its session: the dashboard and the portal use different names, so one browser can hold both. */
export interface SessionCookie {
  readonly name: string;
  /** Path scope of the cookie, e.g. `/dashboard`, `/portal`, or `/` on a merchant's own domain. */
  readonly path: string;
}

/** `Secure` when the browser reached us over HTTPS, directly or through a proxy that says so. */
export const overHttps = (c: Context): boolean =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

export const readSessionSecret = (c: Context, cookie: SessionCookie): string | null => getCookie(c, cookie.name) ?? null;

export const writeSessionCookie = (c: Context, cookie: SessionCookie, secret: string, expiresAt: Date): void => {
  setCookie(c, cookie.name, secret, {
    path: cookie.path,
    httpOnly: true,
    secure: overHttps(c),
    sameSite: 'Lax',
    expires: expiresAt,
  });
};

export const clearSessionCookie = (c: Context, cookie: SessionCookie): void => {
  deleteCookie(c, cookie.name, { path: cookie.path, httpOnly: true, secure: overHttps(c), sameSite: 'Lax' });
};

/** The cookie of the pre-sign-in CSRF token (double submit): forms shown before a session exists carry it too. */
export const anonymousCsrfCookie = (cookie: SessionCookie): SessionCookie => ({ name: `${cookie.name}_csrf`, path: cookie.path });
