import type { Container } from '../token.js';
import type { DashboardDependencies } from '../../adapters/dashboard/dashboard.routes.js';
import type { HttpDependencies } from '../../adapters/http/app.js';
import { SqlDailyFigures } from '../../adapters/persistence/repositories/sql-daily-figures.js';
import { GetDailySeries } from '../../application/stats/daily-series.js';
import { SqlAffiliateNames } from '../../adapters/persistence/repositories/sql-affiliate-names.js';
import { NameAffiliates } from '../../application/affiliates/name-affiliates.js';
import { GetAffiliateProfile } from '../../application/affiliates/affiliate-profile.js';
import { single } from './single.js';
import { NodeTxtResolver } from '../../adapters/dns/node-txt-resolver.js';
import type { TxtResolver } from '../../application/ports/txt-resolver.js';
import { UpdateMerchantSettings } from '../../application/merchants/update-merchant-settings.js';
import { VerifyCustomDomains } from '../../application/merchants/verify-custom-domains.js';
import { TOKENS as T } from '../tokens.js';
import { GetCampaignPerformance } from '../../application/campaigns/campaign-performance.js';
import { SqlCampaignPerformance } from '../../adapters/persistence/repositories/sql-campaign-performance.js';
import { SqlClickExport } from '../../adapters/persistence/repositories/sql-click-export.js';

export const registerDashboard = (c: Container, txtResolver: TxtResolver = new NodeTxtResolver()): void => {
  c.register(T.DailyFigures, single((r) => new SqlDailyFigures(r.resolve(T.Orm))));
  c.register(
    T.UpdateMerchantSettings,
    single((r) => new UpdateMerchantSettings(r.resolve(T.UnitOfWork), r.resolve(T.MerchantRepository), r.resolve(T.MerchantSettingsRepository), r.resolve(T.Ids), r.resolve(T.Clock))),
  );
  c.register(
    T.VerifyCustomDomains,
    single(
      (r) =>
        new VerifyCustomDomains(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(T.MerchantSettingsRepository),
          txtResolver,
          r.resolve(T.Notices),
          r.resolve(T.Clock),
          r.resolve(T.Logger),
        ),
    ),
  );
  c.register(T.Job, single((r) => r.resolve(T.VerifyCustomDomains)));
  c.register(T.GetDailySeries, single((r) => new GetDailySeries(r.resolve(T.DailyFigures), r.resolve(T.Clock))));
};

/** The dashboard's dependencies: the API routes' own use cases, plus sessions, users and the daily series. */
export const dashboardDependencies = (c: Container, http: Omit<HttpDependencies, 'dashboard'>): DashboardDependencies => ({
  sessions: c.resolve(T.WebSessions),
  signIn: c.resolve(T.SignInMerchantUser),
  passwords: c.resolve(T.UserPasswords),
  throttle: c.resolve(T.SignInThrottle),
  users: c.resolve(T.MerchantUserRepository),
  merchants: c.resolve(T.MerchantRepository),
  auditLog: http.auditLog,
  ids: http.ids,
  clock: http.clock,
  payoutLiveSandbox: c.resolve(T.Config).payoutLiveSandbox,
  openReviews: c.resolve(T.ListRiskReviews),
  overview: { getOverview: http.stats.getOverview, getDailySeries: c.resolve(T.GetDailySeries), notifications: http.notifications },
  campaigns: http.campaigns,
  affiliatePages: {
    affiliates: http.affiliates,
    listCampaigns: http.campaigns.listCampaigns,
    rateLimiter: http.rateLimiter,
    clock: http.clock,
    profile: new GetAffiliateProfile(c.resolve(T.GetAffiliate), c.resolve(T.AffiliateQueries), c.resolve(T.TrackingLinks), c.resolve(T.CouponQueries), c.resolve(T.ConversionQueries), c.resolve(T.PayoutQueries)),
  },
  conversions: http.conversions,
  keys: { issueApiKey: http.admin.issueApiKey, revokeApiKey: http.admin.revokeApiKey, apiKeys: c.resolve(T.ApiKeyRepository) },
  webhooks: http.webhooks,
  payouts: { payoutQueries: http.payouts.payoutQueries, manual: http.payouts.manual },
  coupons: http.coupons,
  teams: http.teams,
  integrations: http.integrations,
  payoutConfiguration: http.payouts.configuration,
  manageInvitations: http.manageInvitations,
  people: { names: new NameAffiliates(new SqlAffiliateNames(c.resolve(T.Orm)), c.resolve(T.SearchIndex)), listAffiliates: http.affiliates.listAffiliates, clock: http.clock, trackingLinks: c.resolve(T.TrackingLinks) },
  search: http.search.search,
  merchantSettings: { update: c.resolve(T.UpdateMerchantSettings), verify: c.resolve(T.VerifyCustomDomains) },
  connectorPages: { connectors: http.connectors, publicBaseUrl: c.resolve(T.Config).publicBaseUrl },
  exports: http.exports,
  imports: http.imports,
  risk: { rules: c.resolve(T.RiskRules), reviews: c.resolve(T.ListRiskReviews), ban: c.resolve(T.BanAffiliate), unban: c.resolve(T.UnbanAffiliate) },
  campaignPerformance: new GetCampaignPerformance(new SqlCampaignPerformance(c.resolve(T.Orm))),
  clickExport: new SqlClickExport(c.resolve(T.Orm)),
  taxDocuments: { invoices: http.tax.invoices, summaries: http.tax.taxSummaries, form1099Nec: http.tax.form1099Nec, ids: c.resolve(T.Ids), clock: http.clock },
  userPages: { users: c.resolve(T.MerchantUserRepository), addMerchantUser: c.resolve(T.AddMerchantUser) },
});
