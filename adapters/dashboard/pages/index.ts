import { Hono } from 'hono';
import type { CampaignUseCases } from '../../http/routes/campaigns.routes.js';
import type { ConversionUseCases } from '../../http/routes/conversions.routes.js';
import type { WebhookUseCases } from '../../http/routes/webhooks.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { affiliateRoutes, type AffiliatePageDependencies } from './affiliates.js';
import { campaignRoutes } from './campaigns.js';
import { campaignEditRoutes } from './campaign-edit.js';
import { conversionRoutes } from './conversions.js';
import { conversionRefundRoutes } from './conversion-refund.js';
import { keyRoutes, type KeyPageDependencies } from './keys.js';
import { overviewRoutes, type OverviewDependencies } from './overview.js';
import { webhookRoutes } from './webhooks.js';
import { payoutRoutes, type PayoutPageDependencies } from './payouts.js';
import { couponRoutes } from './coupons.js';
import { userRoutes, type UserPageDependencies } from './users.js';
import { auditLogRoutes } from './audit-log.js';
import { teamRoutes } from './teams.js';
import { integrationRoutes } from './integrations.js';
import type { IntegrationRouteDependencies } from '../../http/routes/integrations.routes.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import type { CouponUseCases } from '../../http/routes/coupons.routes.js';
import type { AuditLog } from '../../../application/ports/audit-log.js';
import type { PayoutConfiguration } from '../../../application/payouts/payout-configuration.js';
import type { ManageInvitations } from '../../../application/affiliates/manage-invitations.js';
import { payoutSettingsRoutes } from './payout-settings.js';
import { invitationRoutes } from './invitations.js';
import { pickerRoutes } from './pickers.js';
import { searchRoutes } from './search.js';
import type { Search } from '../../../application/search/search.js';
import type { People } from '../affiliate-choices.js';
import { notificationRoutes } from './notifications.js';
import { merchantSettingsRoutes, type MerchantSettingsPageDependencies } from './merchant-settings.js';
import { connectorRoutes, type ConnectorPageDependencies } from './connectors.js';
import { programExportRoutes } from './program-export.js';
import { programImportRoutes } from './program-import.js';
import type { GetCampaignPerformance } from '../../../application/campaigns/campaign-performance.js';
import type { ClickExport } from '../../../application/ports/click-export.js';
import { clickCsvRoutes } from './click-csv.js';
import { taxDocumentRoutes, type TaxDocumentPageDependencies } from './tax-documents.js';
import type { ExportRouteDependencies } from '../../http/routes/exports.routes.js';
import type { ImportRouteDependencies } from '../../http/routes/imports.routes.js';
import { riskSettingsRoutes } from './risk-settings.js';
import type { RiskRules } from '../../../application/risk/risk-rules.js';
import type { ListRiskReviews } from '../../../application/risk/list-risk-reviews.js';
import { reviewRoutes } from './review.js';
import type { BanAffiliates, UnbanAffiliates } from './review-ban.js';

/** What the pages call: the very use cases (and queries) the API routes call. */
export interface DashboardPageDependencies {
  readonly overview: OverviewDependencies;
  readonly campaigns: CampaignUseCases;
  readonly affiliatePages: AffiliatePageDependencies;
  readonly conversions: ConversionUseCases;
  readonly keys: KeyPageDependencies;
  readonly webhooks: WebhookUseCases;
  readonly payouts: PayoutPageDependencies;
  readonly coupons: CouponUseCases;
  readonly userPages: UserPageDependencies;
  readonly auditLog: AuditLog;
  readonly teams: TeamRouteDependencies;
  readonly integrations: IntegrationRouteDependencies;
  readonly payoutConfiguration: PayoutConfiguration;
  readonly manageInvitations: ManageInvitations;
  /** Affiliates by name wherever a page names one, and the pickers' search. */
  readonly people: People;
  /** The header's search, the API's `GET /search`. */
  readonly search: Search;
  readonly merchantSettings: MerchantSettingsPageDependencies;
  /** The OAuth consent page and the member's connectors. */
  readonly connectorPages: ConnectorPageDependencies;
  readonly exports: ExportRouteDependencies;
  readonly imports: ImportRouteDependencies;
  /** The Review page and the risk rules form. */
  readonly risk: { readonly rules: RiskRules; readonly reviews: ListRiskReviews; readonly ban: BanAffiliates; readonly unban: UnbanAffiliates };
  /** A campaign page's chart, rate, comparison and top affiliates. */
  readonly campaignPerformance: GetCampaignPerformance;
  readonly clickExport: ClickExport;
  readonly taxDocuments: Omit<TaxDocumentPageDependencies, 'names'>;
}

export const dashboardPages = (deps: DashboardPageDependencies) =>
  new Hono<DashboardEnv>()
    .route('/', overviewRoutes(deps.overview, deps.people))
    .route('/', campaignRoutes(deps.campaigns, deps.affiliatePages.affiliates, deps.people, deps.campaignPerformance))
    .route('/', campaignEditRoutes(deps.campaigns))
    .route('/', invitationRoutes({ manageInvitations: deps.manageInvitations, listCampaigns: deps.campaigns.listCampaigns, rateLimiter: deps.affiliatePages.rateLimiter, clock: deps.affiliatePages.clock }))
    .route('/', affiliateRoutes(deps.affiliatePages))
    .route('/', conversionRoutes(deps.conversions, deps.campaigns.listCampaigns, deps.people))
    .route('/', conversionRefundRoutes(deps.conversions))
    .route('/', keyRoutes(deps.keys))
    .route('/', connectorRoutes(deps.connectorPages))
    .route('/', webhookRoutes(deps.webhooks))
    .route('/', payoutRoutes(deps.payouts, deps.people))
    .route('/', payoutSettingsRoutes(deps.payoutConfiguration))
    .route('/', couponRoutes(deps.coupons, deps.campaigns.listCampaigns, deps.people))
    .route('/', userRoutes(deps.userPages))
    .route('/', auditLogRoutes({ auditLog: deps.auditLog, users: deps.userPages.users, apiKeys: deps.keys.apiKeys }))
    .route('/', teamRoutes(deps.teams, deps.affiliatePages.affiliates, deps.campaigns.listCampaigns, deps.people.clock))
    .route('/', integrationRoutes(deps.integrations))
    .route('/', pickerRoutes(deps.people))
    .route('/', searchRoutes(deps.search))
    .route('/', merchantSettingsRoutes(deps.merchantSettings))
    .route('/', notificationRoutes(deps.overview.notifications))
    .route('/', programExportRoutes(deps.exports))
    .route('/', programImportRoutes(deps.imports, deps.campaigns.listCampaigns))
    .route('/', riskSettingsRoutes(deps.risk.rules))
    .route('/', reviewRoutes({ ...deps.risk, conversions: deps.conversions, people: deps.people }))
    .route('/', clickCsvRoutes({ clicks: deps.clickExport, clock: deps.people.clock }))
    .route('/', taxDocumentRoutes({ ...deps.taxDocuments, names: deps.people.names }));
