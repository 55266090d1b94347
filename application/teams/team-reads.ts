import { err, ok, type Result } from 'neverthrow';
import {
  Decimal,
  formatAmount,
  isTargetHit,
  monthKeyOf,
  monthStartOf,
  monthsBack,
  nextMonthStartOf,
  progressPct,
  type CurrencyCode,
  type DomainError,
  type ExcludedCurrency,
  type Goal,
  type MemberProgress,
  type Progress,
  type Team,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { AwardFilters, AwardSummary, AwardView } from '../ports/team-award-repository.js';
import type { TeamCampaignView, TeamQueries, TeamSummary } from '../ports/team-queries.js';
import type { TeamMember, TeamOverride } from '../ports/team-repository.js';
import { notFound } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import type { PeriodSettlement, TeamStores } from './period-settlement.js';

export interface ActiveTarget {
  readonly name: string;
  readonly pct: number;
  readonly label: string;
}

export interface TeamListItem {
  readonly summary: TeamSummary;
  /** The oldest active goal's running period, or null. */
  readonly activeTarget: ActiveTarget | null;
}

export interface TeamDetail {
  readonly team: Team;
  readonly members: readonly (TeamMember & { readonly role: 'leader' | 'member' })[];
  readonly campaigns: readonly TeamCampaignView[];
  /** Per-member rates on the team's campaigns (`POST /teams/:id/overrides`), by campaign then affiliate. */
  readonly overrides: readonly TeamOverride[];
  readonly goals: readonly Goal[];
}

export interface GoalView {
  readonly goal: Goal;
  readonly currency: CurrencyCode;
  /** Active goals only: the running period so far. */
  readonly progress: Progress | null;
  readonly awards: readonly Omit<AwardSummary, 'goalId'>[];
}

export interface HistoryMember {
  readonly affiliateId: string;
  readonly name: string;
  readonly email: string;
  readonly contribution: Decimal;
}

export interface HistoryGoal {
  readonly goal: Goal;
  readonly target: Decimal;
  readonly achieved: Decimal;
  readonly hit: boolean;
  readonly pct: number;
  readonly members: readonly HistoryMember[];
  readonly excludedByCurrency: ReadonlyMap<CurrencyCode, ExcludedCurrency>;
}

export interface HistoryPeriod {
  readonly periodKey: string;
  readonly goals: readonly HistoryGoal[];
  readonly payoutTotal: Decimal;
  readonly payoutCount: number;
}

export interface TeamHistory {
  readonly currency: CurrencyCode;
  readonly months: number;
  readonly periods: readonly HistoryPeriod[];
}

export const HISTORY_MONTHS_DEFAULT = 6;
export const HISTORY_MONTHS_MAX = 36;

/** The label of a target: `"1250.00 / 5000.00 USD"` or `"12 / 50 conversions"`. */
export const targetLabel = (goal: Goal, aggregate: Decimal, currency: CurrencyCode): string =>
  goal.metric === 'revenue'
    ? `${formatAmount(aggregate, currency)} / ${formatAmount(goal.targetValue, currency)} ${currency.toUpperCase()}`
    : `${aggregate.toFixed(0)} / ${goal.targetValue.toFixed(0)} conversions`;

/**
 * Every Teams read. Reads run on the request's own connection (no transaction); live progress is
 * computed with the current roster from the sales as they are now.
 */
export class TeamReads {
  constructor(
    private readonly stores: TeamStores,
    private readonly queries: TeamQueries,
    private readonly settlement: PeriodSettlement,
    private readonly clock: Clock,
  ) {}

  async list(tenant: Tenant, page: PageRequest): Promise<Page<TeamListItem>> {
    const summaries = await this.queries.listPage(tenant, page);
    const items: TeamListItem[] = [];
    for (const summary of summaries.items) {
      const active = (await this.stores.goals.listForTeam(tenant, summary.team.id)).find((g) => g.status === 'active');
      let activeTarget: ActiveTarget | null = null;
      if (active) {
        const progress = await this.settlement.liveProgress(tenant, active, summary.team);
        activeTarget = {
          name: active.name,
          pct: progressPct(progress.aggregate, active.targetValue),
          label: targetLabel(active, progress.aggregate, summary.team.currency),
        };
      }
      items.push({ summary, activeTarget });
    }
    return { ...summaries, items };
  }

  async get(tenant: Tenant, teamId: string): Promise<Result<TeamDetail, DomainError>> {
    const team = await this.stores.teams.findById(tenant, teamId);
    if (!team) return err(notFound('Team'));
    const members = (await this.stores.teams.members(tenant, teamId)).map((m) => ({
      ...m,
      role: m.affiliateId === team.leaderAffiliateId ? ('leader' as const) : ('member' as const),
    }));
    return ok({
      team,
      members,
      campaigns: await this.queries.campaignViews(tenant, teamId),
      overrides: await this.stores.teams.overrides(tenant, teamId),
      goals: await this.stores.goals.listForTeam(tenant, teamId),
    });
  }

  async goals(tenant: Tenant, teamId: string): Promise<Result<readonly GoalView[], DomainError>> {
    const team = await this.stores.teams.findById(tenant, teamId);
    if (!team) return err(notFound('Team'));
    const goals = await this.stores.goals.listForTeam(tenant, teamId);
    const summaries = await this.stores.awards.summaries(tenant, teamId);
    const roster = goals.some((g) => g.status === 'active')
      ? {
          memberIds: (await this.stores.teams.members(tenant, teamId)).map((m) => m.affiliateId),
          campaignIds: (await this.stores.teams.campaigns(tenant, teamId)).map((c) => c.campaignId),
        }
      : null;
    const views: GoalView[] = [];
    for (const goal of goals) {
      const progress = goal.status === 'active' && roster ? await this.settlement.liveProgress(tenant, goal, team, roster) : null;
      const awards = summaries.filter((s) => s.goalId === goal.id).map(({ goalId: _g, ...rest }) => rest);
      views.push({ goal, currency: team.currency, progress, awards });
    }
    return ok(views);
  }

  async teamAwards(tenant: Tenant, teamId: string, filters: AwardFilters, page: PageRequest): Promise<Result<Page<AwardView>, DomainError>> {
    const team = await this.stores.teams.findById(tenant, teamId);
    if (!team) return err(notFound('Team'));
    return ok(await this.stores.awards.list(tenant, { ...filters, teamId }, page));
  }

  awards(tenant: Tenant, filters: AwardFilters, page: PageRequest): Promise<Page<AwardView>> {
    return this.stores.awards.list(tenant, filters, page);
  }

  /**
   * `GET /teams/:id/history`: the last `months` calendar months (the current one first), each with the
   * monthly goals' period under its key, plus any other period (one-time goals, reactivation periods
   * `#n`) that ended in that span, ordered by start, newest first. Closed periods show their stored
   * result; running ones their progress so far.
   */
  async history(tenant: Tenant, teamId: string, months: number): Promise<Result<TeamHistory, DomainError>> {
    const team = await this.stores.teams.findById(tenant, teamId);
    if (!team) return err(notFound('Team'));
    const now = this.clock.now();
    const from = monthsBack(now, months);
    const goals = await this.stores.goals.listForTeam(tenant, teamId);
    const goalById = new Map(goals.map((g) => [g.id, g]));
    const closed = await this.stores.goals.periodsForTeam(tenant, teamId, from);
    const totals = await this.queries.payoutTotalsByPeriod(tenant, teamId);

    interface Entry {
      goal: Goal;
      start: Date;
      target: Decimal;
      aggregate: Decimal;
      hit: boolean;
      byMember: readonly MemberProgress[];
      excluded: ReadonlyMap<CurrencyCode, ExcludedCurrency>;
    }
    const groups = new Map<string, { start: Date; entries: Entry[] }>();
    const group = (key: string, start: Date) => {
      const existing = groups.get(key);
      if (existing) {
        if (start.getTime() < existing.start.getTime()) existing.start = start;
        return existing;
      }
      const created = { start, entries: [] as Entry[] };
      groups.set(key, created);
      return created;
    };
    for (let month = monthStartOf(now); month.getTime() >= from.getTime(); month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 1))) {
      group(monthKeyOf(month), month);
    }
    for (const period of closed) {
      const goal = goalById.get(period.goalId);
      if (!goal) continue;
      const start = goal.periodMode === 'monthly' && !period.periodKey.includes('#') ? monthStartOf(period.start) : period.start;
      group(period.periodKey, start).entries.push({
        goal,
        start: period.start,
        target: period.target,
        aggregate: period.aggregate,
        hit: period.hit,
        byMember: period.byMember,
        excluded: period.excludedByCurrency,
      });
    }
    const roster = {
      memberIds: (await this.stores.teams.members(tenant, teamId)).map((m) => m.affiliateId),
      campaignIds: (await this.stores.teams.campaigns(tenant, teamId)).map((c) => c.campaignId),
    };
    for (const goal of goals.filter((g) => g.status === 'active' && g.currentPeriodStart.getTime() < nextMonthStartOf(now).getTime())) {
      const progress = await this.settlement.liveProgress(tenant, goal, team, roster);
      const key = goal.currentPeriodKey;
      const start = goal.periodMode === 'monthly' && !key.includes('#') ? monthStartOf(goal.currentPeriodStart) : goal.currentPeriodStart;
      group(key, start).entries.push({
        goal,
        start: goal.currentPeriodStart,
        target: goal.targetValue,
        aggregate: progress.aggregate,
        hit: isTargetHit(progress.aggregate, goal.targetValue),
        byMember: progress.byMember,
        excluded: progress.excludedByCurrency,
      });
    }
    const names = await this.queries.affiliateNames([...new Set([...groups.values()].flatMap((g) => g.entries.flatMap((e) => e.byMember.map((m) => m.affiliateId))))]);
    const periods: HistoryPeriod[] = [...groups.entries()]
      .sort(([ka, a], [kb, b]) => b.start.getTime() - a.start.getTime() || (ka < kb ? 1 : -1))
      .map(([periodKey, { entries }]) => ({
        periodKey,
        goals: entries
          .sort((a, b) => a.goal.createdAt.getTime() - b.goal.createdAt.getTime())
          .map((e) => ({
            goal: e.goal,
            target: e.target,
            achieved: e.aggregate,
            hit: e.hit,
            pct: progressPct(e.aggregate, e.target),
            members: e.byMember.map((m) => ({
              affiliateId: m.affiliateId,
              name: names.get(m.affiliateId)?.name ?? '',
              email: names.get(m.affiliateId)?.email ?? '',
              contribution: m.contribution,
            })),
            excludedByCurrency: e.excluded,
          })),
        payoutTotal: totals.get(periodKey)?.total ?? new Decimal(0),
        payoutCount: totals.get(periodKey)?.count ?? 0,
      }));
    return ok({ currency: team.currency, months, periods });
  }
}
