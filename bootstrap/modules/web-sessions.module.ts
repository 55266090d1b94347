import type { DependencyContainer } from 'tsyringe';
import { SqlLinkTokenStore } from '../../adapters/persistence/repositories/sql-link-token-store.js';
import { SqlWebSessionStore } from '../../adapters/persistence/repositories/sql-web-session-store.js';
import { LinkTokens } from '../../application/web-sessions/link-tokens.js';
import { SignInThrottle } from '../../application/web-sessions/sign-in-throttle.js';
import { WebSessions } from '../../application/web-sessions/web-sessions.js';
import type { ServiceConfig } from '../config.js';
import { single } from './single.js';
import { TOKENS as T } from '../tokens.js';

/** How long a browser stays signed in (absolute; sign-out and sign-out everywhere end it sooner). */
export const WEB_SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Browser sessions, emailed single-use links and the sign-in throttle, shared by the dashboard and the portal. */
export const registerWebSessions = (c: DependencyContainer): void => {
  c.register(T.WebSessionStore, single((r) => new SqlWebSessionStore(r.resolve(T.Orm))));
  c.register(T.LinkTokenStore, single((r) => new SqlLinkTokenStore(r.resolve(T.Orm))));
  c.register(T.WebSessions, single((r) => new WebSessions(r.resolve(T.WebSessionStore), r.resolve(T.Clock), WEB_SESSION_LIFETIME_MS, r.resolve(T.VisitorFingerprint))));
  c.register(T.LinkTokens, single((r) => new LinkTokens(r.resolve(T.LinkTokenStore), r.resolve(T.Clock))));
  c.register(T.SignInThrottle, single((r) => new SignInThrottle(r.resolve(T.RateLimiter), r.resolve(T.Clock), r.resolve<ServiceConfig>(T.Config).signInLimits)));
};
