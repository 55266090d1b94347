import type { MiddlewareHandler } from 'hono';
import type { MerchantUser } from '../../application/merchant-users/merchant-user.js';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { MerchantUserRepository } from '../../application/ports/merchant-user-repository.js';
import { auditActorOf, type UserActor } from '../../application/shared/actor.js';
import { redirectTo } from '../http/web-session/web-session.middleware.js';
import { DASHBOARD, type DashboardEnv } from './dashboard-env.js';

/**
 * What the guards and use cases see of a signed-in user: the user as an actor, who writes as the
 * merchant's plan allows any key to and holds Manage payouts as their role or permission gives. So
 * every page meets exactly the refusals a key would.
 */
export const userActorOf = (user: MerchantUser): UserActor => ({ kind: 'user', userId: user.id, role: user.role, managePayouts: user.managePayouts });

/** Loads the session's user and merchant, sets principal, tenant and actor `user:<id>`; a vanished user is signed out. */
export const signedInUser =
  (users: MerchantUserRepository, merchants: MerchantRepository): MiddlewareHandler<DashboardEnv> =>
  async (c, next) => {
    const session = c.get('webSession');
    // A page opened signed out (the consent page an assistant sent the member to) is come back to after signing in.
    if (!session) return redirectTo(c, `${DASHBOARD}/sign-in${c.req.method === 'GET' ? `?next=${encodeURIComponent(c.req.path + new URL(c.req.url).search)}` : ''}`);
    const [user, merchant] = await Promise.all([users.findById(session.subject.merchantId, session.subject.id), merchants.findById(session.subject.merchantId)]);
    if (!user || !merchant) return redirectTo(c, `${DASHBOARD}/sign-in`);
    c.set('user', user);
    const actor = userActorOf(user);
    c.set('principal', { merchant, actor });
    c.set('tenant', { merchantId: merchant.id, mode: session.mode });
    c.set('actor', auditActorOf(actor));
    await next();
  };
