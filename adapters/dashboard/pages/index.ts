import { Hono } from 'hono';
import type { CampaignUseCases } from '../../http/routes/campaigns.routes.js';
import type { ConversionUseCases } from '../../http/routes/conversions.routes.js';
import type { WebhookUseCases } from '../../http/routes/webhooks.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { affiliateRoutes, type AffiliatePageDependencies } from './affiliates.js';
import { campaignRoutes } from './campaigns.js';
import { conversionRoutes } from './conversions.js';
import { keyRoutes, type KeyPageDependencies } from './keys.js';
import { overviewRoutes, type OverviewDependencies } from './overview.js';
import { webhookRoutes } from './webhooks.js';

/** What the pages call: the very use cases (and queries) the API routes call. */
export interface DashboardPageDependencies {
  readonly overview: OverviewDependencies;
  readonly campaigns: CampaignUseCases;
  readonly affiliatePages: AffiliatePageDependencies;
  readonly conversions: ConversionUseCases;
  readonly keys: KeyPageDependencies;
  readonly webhooks: WebhookUseCases;
}

export const dashboardPages = (deps: DashboardPageDependencies) =>
  new Hono<DashboardEnv>()
    .route('/', overviewRoutes(deps.overview))
    .route('/', campaignRoutes(deps.campaigns, deps.affiliatePages.affiliates))
    .route('/', affiliateRoutes(deps.affiliatePages))
    .route('/', conversionRoutes(deps.conversions, deps.campaigns.listCampaigns))
    .route('/', keyRoutes(deps.keys))
    .route('/', webhookRoutes(deps.webhooks));
