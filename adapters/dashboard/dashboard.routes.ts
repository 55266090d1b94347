import { Hono, type Context } from 'hono';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { MerchantUserRepository } from '../../application/ports/merchant-user-repository.js';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { ListRiskReviews } from '../../application/risk/list-risk-reviews.js';
import { ApiError } from '../http/api-error.js';
import { statusOf } from '../http/error-status.js';
import { csrfProtection } from '../http/web-session/csrf.js';
import { refuseUnstorableForms, unstorableFormMessage } from '../http/web-session/form-input-checks.js';
import { loadWebSession } from '../http/web-session/web-session.middleware.js';
import { dashboardAssets } from './assets.js';
import { dashboardAudit } from './dashboard-audit.js';
import { dashboardSecurityHeaders } from './dashboard-security.js';
import { askFirst } from './ask-first.js';
import { listOf, switchedAwayNotice } from './mode-switch.js';
import { DASHBOARD, DASHBOARD_COOKIE, type DashboardEnv } from './dashboard-env.js';
import { accountRoutes, type AccountDependencies } from './pages/account.js';
import { settingsRoutes } from './pages/settings.js';
import { signedInUser } from './signed-in-user.js';
import { dashboardPages, type DashboardPageDependencies } from './pages/index.js';
import { errorPage } from './views/error-page.js';

export interface DashboardDependencies extends AccountDependencies, DashboardPageDependencies {
  readonly users: MerchantUserRepository;
  readonly merchants: MerchantRepository;
  readonly auditLog: AuditLog;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  /** `PAYOUT_LIVE_SANDBOX=1`: every page says live payouts may go to the sandbox. */
  readonly payoutLiveSandbox: boolean;
  /** The navigation's count of items waiting on the Review page. */
  readonly openReviews: Pick<ListRiskReviews, 'counts'>;
}

/**
 * The merchant dashboard at `/dashboard`: server-rendered pages over the same use cases, guards and
 * plan gates as `/api` (a driving adapter beside the routes and the assistant tools). Every page
 * reads the session; every state change is CSRF-checked and audited with actor `user:<id>`.
 */
export const dashboardRoutes = (deps: DashboardDependencies) => {
  const app = new Hono<DashboardEnv>();
  app.route('/', dashboardAssets());
  const inside = new Hono<DashboardEnv>();
  inside.onError((error, c: Context<DashboardEnv>) => {
    if (error instanceof ApiError) {
      c.set('errorCode', error.code);
      // Just switched live/test on a record the other mode does not have: its list, not a dead end.
      const list = listOf(c.req.path);
      const switched = c.req.query('switched');
      if (error.code === 'not_found' && c.req.method === 'GET' && switched && list) {
        return c.redirect(`${list}?notice=${encodeURIComponent(switchedAwayNotice(switched))}`, 303);
      }
      return errorPage(c, statusOf(error.code), error.message);
    }
    c.get('log')?.error({ err: error, path: c.req.path }, 'dashboard error');
    return errorPage(c, 500, 'Something went wrong on our side. Try again in a moment.');
  });
  inside.use(
    '*',
    dashboardSecurityHeaders,
    loadWebSession(deps.sessions, DASHBOARD_COOKIE, 'merchant_user'),
    dashboardAudit(deps.auditLog, deps.ids, deps.clock),
    csrfProtection(DASHBOARD_COOKIE),
    refuseUnstorableForms((c, problems) => {
      c.set('errorCode', 'validation_error');
      return errorPage(c, 400, unstorableFormMessage(problems));
    }),
  );
  inside.route('/', accountRoutes(deps));
  inside.use('*', signedInUser(deps.users, deps.merchants), async (c, next) => {
    c.set('payoutLiveSandbox', deps.payoutLiveSandbox);
    c.set('unreadNotices', await deps.overview.notifications.unreadCount(c.get('tenant')));
    const open = await deps.openReviews.counts(c.get('tenant'));
    c.set('openReviews', open.conversions + open.affiliates);
    await next();
  });
  inside.use('*', askFirst);
  inside.route('/', settingsRoutes(deps.sessions));
  inside.route('/', dashboardPages(deps));
  app.route(DASHBOARD, inside);
  return app;
};
