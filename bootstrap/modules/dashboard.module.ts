import type { DependencyContainer } from 'tsyringe';
import type { DashboardDependencies } from '../../adapters/dashboard/dashboard.routes.js';
import type { HttpDependencies } from '../../adapters/http/app.js';
import { SqlDailyFigures } from '../../adapters/persistence/repositories/sql-daily-figures.js';
import { GetDailySeries } from '../../application/stats/daily-series.js';
import { single } from './single.js';
import { TOKENS as T } from '../tokens.js';

export const registerDashboard = (c: DependencyContainer): void => {
  c.register(T.DailyFigures, single((r) => new SqlDailyFigures(r.resolve(T.Orm))));
  c.register(T.GetDailySeries, single((r) => new GetDailySeries(r.resolve(T.DailyFigures), r.resolve(T.Clock))));
};

/** The dashboard's dependencies: the API routes' own use cases, plus sessions, users and the daily series. */
export const dashboardDependencies = (c: DependencyContainer, http: Omit<HttpDependencies, 'dashboard'>): DashboardDependencies => ({
  sessions: c.resolve(T.WebSessions),
  signIn: c.resolve(T.SignInMerchantUser),
  passwords: c.resolve(T.UserPasswords),
  throttle: c.resolve(T.SignInThrottle),
  users: c.resolve(T.MerchantUserRepository),
  merchants: c.resolve(T.MerchantRepository),
  auditLog: http.auditLog,
  ids: http.ids,
  clock: http.clock,
  overview: { getOverview: http.stats.getOverview, getDailySeries: c.resolve(T.GetDailySeries), notifications: http.notifications },
  campaigns: http.campaigns,
  affiliatePages: { affiliates: http.affiliates, listCampaigns: http.campaigns.listCampaigns, rateLimiter: http.rateLimiter, clock: http.clock },
  conversions: http.conversions,
  keys: { issueApiKey: http.admin.issueApiKey, revokeApiKey: http.admin.revokeApiKey, apiKeys: c.resolve(T.ApiKeyRepository) },
  webhooks: http.webhooks,
  payouts: { payoutQueries: http.payouts.payoutQueries, manual: http.payouts.manual },
  coupons: http.coupons,
  teams: http.teams,
  integrations: http.integrations,
  payoutConfiguration: http.payouts.configuration,
  manageInvitations: http.manageInvitations,
  exports: http.exports,
  userPages: { users: c.resolve(T.MerchantUserRepository), addMerchantUser: c.resolve(T.AddMerchantUser) },
});
