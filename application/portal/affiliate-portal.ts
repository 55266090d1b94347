import { err, ok, type Result } from 'neverthrow';
import { progressPct, type Affiliate, type Decimal, type DomainError, type Merchant } from '../../domain/index.js';
import type { TrackingLinks } from '../affiliates/tracking-links.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type {
  PortalConversion,
  PortalCoupon,
  PortalEarnings,
  PortalMembership,
  PortalPayout,
  PortalQueries,
  PortalViewer,
  PublicCampaign,
} from '../ports/portal-queries.js';
import { notFound } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { TeamReads } from '../teams/team-reads.js';
import { targetLabel } from '../teams/team-reads.js';

/** The signed-in affiliate at one merchant, as every portal page starts from. */
export interface PortalContext {
  readonly viewer: PortalViewer;
  readonly affiliate: Affiliate;
  readonly merchant: Merchant;
}

export interface PortalLink extends PortalMembership {
  /** Only approved memberships track; null otherwise. */
  readonly trackingLink: string | null;
}

export interface PortalOverview {
  readonly links: readonly PortalLink[];
  readonly earnings: PortalEarnings;
  readonly coupons: readonly PortalCoupon[];
}

export interface PortalGoal {
  readonly name: string;
  readonly metric: 'revenue' | 'conversions';
  readonly status: string;
  readonly label: string | null;
  readonly pct: number | null;
  /** The viewer's own part of the running period; other members' parts are theirs, not shown. */
  readonly ownContribution: Decimal | null;
  readonly bonusType: string;
  readonly bonusValue: Decimal | null;
  readonly leadersOnly: boolean;
}

export interface PortalTeam {
  readonly name: string;
  readonly role: 'leader' | 'member';
  readonly goals: readonly PortalGoal[];
}

export const PORTAL_CHART_DAYS = 30;

/**
 * What an affiliate sees in a merchant's portal. Every read takes the viewer (affiliate and
 * merchant, live), so another affiliate's or merchant's rows answer not found.
 */
export class AffiliatePortal {
  constructor(
    private readonly queries: PortalQueries,
    private readonly affiliates: AffiliateRepository,
    private readonly merchants: MerchantRepository,
    private readonly links: TrackingLinks,
    private readonly teams: TeamReads,
    private readonly clock: Clock,
  ) {}

  publicCampaigns(merchantId: string | null, page: PageRequest): Promise<Page<PublicCampaign>> {
    return this.queries.publicCampaigns(merchantId, page);
  }

  publicCampaign(merchantId: string, trackingCode: string): Promise<PublicCampaign | null> {
    return this.queries.publicCampaign(merchantId, trackingCode);
  }

  /** The session's affiliate at the merchant, while it still has a login and a membership there. */
  async context(viewer: PortalViewer): Promise<PortalContext | null> {
    const affiliate = await this.affiliates.findById({ merchantId: viewer.merchantId, mode: 'live' }, viewer.affiliateId);
    if (!affiliate || affiliate.headless) return null;
    const merchant = await this.merchants.findById(viewer.merchantId);
    return merchant ? { viewer, affiliate, merchant } : null;
  }

  async overview(ctx: PortalContext): Promise<PortalOverview> {
    const memberships = await this.queries.memberships(ctx.viewer);
    return {
      links: memberships.map((m) => ({
        ...m,
        trackingLink: m.status === 'approved' ? this.links.for(ctx.merchant, m.trackingCode, ctx.affiliate.refCode) : null,
      })),
      earnings: await this.queries.earnings(ctx.viewer, PORTAL_CHART_DAYS, this.clock.now()),
      coupons: await this.queries.coupons(ctx.viewer),
    };
  }

  conversions(ctx: PortalContext, page: PageRequest): Promise<Page<PortalConversion>> {
    return this.queries.conversions(ctx.viewer, page);
  }

  async conversion(ctx: PortalContext, id: string): Promise<Result<PortalConversion, DomainError>> {
    const found = await this.queries.conversion(ctx.viewer, id);
    return found ? ok(found) : err(notFound('Conversion'));
  }

  payouts(ctx: PortalContext, page: PageRequest): Promise<Page<PortalPayout>> {
    return this.queries.payouts(ctx.viewer, page);
  }

  /** The affiliate's team and the goals `bonusVisibility` lets them see (`leaders`: the leader only). */
  async team(ctx: PortalContext): Promise<PortalTeam | null> {
    const teamId = await this.queries.teamIdOf(ctx.viewer);
    if (!teamId) return null;
    const tenant = { merchantId: ctx.viewer.merchantId, mode: 'live' as const };
    const detail = await this.teams.get(tenant, teamId);
    const views = await this.teams.goals(tenant, teamId);
    if (detail.isErr() || views.isErr()) return null;
    const role = detail.value.team.leaderAffiliateId === ctx.affiliate.id ? 'leader' : 'member';
    const goals = views.value
      .filter((v) => v.goal.status === 'active' && (v.goal.bonusVisibility === 'all' || role === 'leader'))
      .map((v): PortalGoal => ({
        name: v.goal.name,
        metric: v.goal.metric,
        status: v.goal.status,
        label: v.progress ? targetLabel(v.goal, v.progress.aggregate, v.currency) : null,
        pct: v.progress ? progressPct(v.progress.aggregate, v.goal.targetValue) : null,
        ownContribution: v.progress?.byMember.find((m) => m.affiliateId === ctx.affiliate.id)?.contribution ?? null,
        bonusType: v.goal.bonus.type,
        bonusValue: v.goal.bonus.value,
        leadersOnly: v.goal.bonusVisibility === 'leaders',
      }));
    return { name: detail.value.team.name, role, goals };
  }
}
