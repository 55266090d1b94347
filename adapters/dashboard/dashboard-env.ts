import type { MerchantUser } from '../../application/merchant-users/merchant-user.js';
import type { WebEnv } from '../http/web-session/web-env.js';

/** A signed-in dashboard request also knows its user (the principal and tenant are set as on `/api`). */
export interface DashboardEnv {
  Variables: WebEnv['Variables'] & {
    user: MerchantUser;
    /** The service runs with `PAYOUT_LIVE_SANDBOX=1` (a banner on every page). */
    payoutLiveSandbox: boolean;
    /** Unread notices of the tenant, for the header. */
    unreadNotices: number;
    /** Items waiting on the Review page, for the navigation. */
    openReviews: number;
  };
}

export const DASHBOARD = '/dashboard';
export const DASHBOARD_COOKIE = { name: 'dashboard_session', path: DASHBOARD } as const;
