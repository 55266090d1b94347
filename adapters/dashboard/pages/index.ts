import { Hono } from 'hono';
import type { AffiliateRouteDependencies } from '../../http/routes/affiliates.routes.js';
import type { CampaignUseCases } from '../../http/routes/campaigns.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { campaignRoutes } from './campaigns.js';
import { overviewRoutes, type OverviewDependencies } from './overview.js';

/** What the pages call: the very use cases (and queries) the API routes call. */
export interface DashboardPageDependencies {
  readonly overview: OverviewDependencies;
  readonly campaigns: CampaignUseCases;
  readonly affiliates: Omit<AffiliateRouteDependencies, 'rateLimiter' | 'clock'>;
}

export const dashboardPages = (deps: DashboardPageDependencies) =>
  new Hono<DashboardEnv>().route('/', overviewRoutes(deps.overview)).route('/', campaignRoutes(deps.campaigns, deps.affiliates));
