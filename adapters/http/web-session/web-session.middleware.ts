import type { Context, MiddlewareHandler } from 'hono';
import type { SessionSubject, SessionSubjectKind } from '../../../application/web-sessions/web-session.js';
import type { WebSessions } from '../../../application/web-sessions/web-sessions.js';
import { clearSessionCookie, readSessionSecret, writeSessionCookie, type SessionCookie } from './session-cookie.js';
import { sessionOf } from './web-env.js';
import { clientAddress } from '../middleware/client-address.js';

/**
 * Resolves the surface's cookie to a session of `kind` (a session of another kind is ignored) and
 * sets `webSession`; anonymous requests go on with none. An unknown or expired cookie is cleared.
 */
export const loadWebSession =
  (sessions: WebSessions, cookie: SessionCookie, kind: SessionSubjectKind): MiddlewareHandler<any> =>
  async (c, next) => {
    const secret = readSessionSecret(c, cookie);
    const session = secret ? await sessions.resolve(secret) : null;
    if (secret && !session) clearSessionCookie(c, cookie);
    c.set('webSession', session && session.subject.kind === kind ? session : undefined);
    await next();
  };

/** Sends a browser elsewhere: a plain redirect, or `HX-Redirect` for an htmx request (which would otherwise swap the target page in). */
export const redirectTo = (c: Context, location: string): Response => {
  if (c.req.header('hx-request') === 'true') {
    c.header('HX-Redirect', location);
    return c.body(null, 204);
  }
  return c.redirect(location, 303);
};

/** Pages behind sign-in: without a session, to `signInPath` with where the browser was going. */
export const requireWebSession =
  (signInPath: string): MiddlewareHandler<any> =>
  async (c, next) => {
    if (!sessionOf(c)) {
      const back = c.req.method === 'GET' ? `?next=${encodeURIComponent(new URL(c.req.url).pathname + new URL(c.req.url).search)}` : '';
      return redirectTo(c, `${signInPath}${back}`);
    }
    await next();
  };

/**
 * Signs the browser in as `subject` with a brand-new session id (the one it presented, if any, is
 * ended rather than reused: no fixation) and sets the cookie.
 */
export const signInBrowser = async (c: Context<any>, sessions: WebSessions, cookie: SessionCookie, subject: SessionSubject) => {
  const browser = { address: clientAddress(c), userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null };
  const { secret, session } = await sessions.start(subject, readSessionSecret(c, cookie), 'live', browser);
  writeSessionCookie(c, cookie, secret, session.expiresAt);
  c.set('webSession', session);
  return session;
};

/** Ends this browser's session and clears its cookie. */
export const signOutBrowser = async (c: Context<any>, sessions: WebSessions, cookie: SessionCookie): Promise<void> => {
  const session = sessionOf(c);
  if (session) await sessions.end(session);
  clearSessionCookie(c, cookie);
  c.set('webSession', undefined);
};
