import type { CommissionRate, Decimal, Team } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** A team list row's stored figures (the active target's progress is computed by the use case). */
export interface TeamSummary {
  readonly team: Team;
  readonly memberCount: number;
  readonly campaignCount: number;
  /** Per-member overrides plus the team's per-campaign rates. */
  readonly customRateCount: number;
  /** Awards not decided yet (`pending_window`, `pending_approval`), in the team's currency. */
  readonly pendingAwards: { readonly count: number; readonly total: Decimal };
}

export interface TeamCampaignView {
  readonly campaignId: string;
  readonly name: string;
  /** The team's rate on the campaign (null: the team base applies). */
  readonly teamRate: CommissionRate | null;
  readonly campaignRate: CommissionRate;
}

/** Read side of teams, per tenant. */
export interface TeamQueries {
  /** Newest first. */
  listPage(tenant: Tenant, page: PageRequest): Promise<Page<TeamSummary>>;
  campaignViews(tenant: Tenant, teamId: string): Promise<readonly TeamCampaignView[]>;
  /** Names and emails of affiliates (past members of closed periods included). */
  affiliateNames(ids: readonly string[]): Promise<ReadonlyMap<string, { readonly name: string; readonly email: string }>>;
  /** Per period key, the team's awards that were not cancelled: how many and their total. */
  payoutTotalsByPeriod(tenant: Tenant, teamId: string): Promise<ReadonlyMap<string, { readonly count: number; readonly total: Decimal }>>;
}
