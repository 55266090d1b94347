import type { MiddlewareHandler } from 'hono';
import type { Principal } from '../../application/api-keys/authenticate-api-key.js';
import { actingAs, type MerchantUser } from '../../application/merchant-users/merchant-user.js';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { MerchantUserRepository } from '../../application/ports/merchant-user-repository.js';
import type { WebSession } from '../../application/web-sessions/web-session.js';
import { planAllowsWriteKeys, type Merchant } from '../../domain/index.js';
import { redirectTo } from '../http/web-session/web-session.middleware.js';
import { DASHBOARD, type DashboardEnv } from './dashboard-env.js';

/**
 * What the guards and use cases see of a signed-in user: a principal shaped like an API key's, in the
 * session's mode, written as the merchant's plan allows any key to write, created by the owner or a
 * team member with the user's Manage payouts. So every page meets exactly the refusals a key would.
 */
export const principalOf = (user: MerchantUser, merchant: Merchant, session: WebSession): Principal => ({
  merchant,
  key: {
    id: user.id,
    merchantId: merchant.id,
    name: `dashboard user ${user.email}`,
    mode: session.mode,
    permissions: { read: true, write: planAllowsWriteKeys(merchant.plan) },
    ...actingAs(user),
    lookup: '',
    secretHash: '',
    createdAt: user.createdAt,
    revokedAt: null,
  },
});

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
    c.set('principal', principalOf(user, merchant, session));
    c.set('tenant', { merchantId: merchant.id, mode: session.mode });
    c.set('actor', `user:${user.id}`);
    await next();
  };
