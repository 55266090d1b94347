import { sql, type RawBuilder } from 'kysely';
import type { GoalPeriod, TeamGoalRepository, TenantGoal, TenantPeriod } from '../../../application/ports/team-goal-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { currentPeriodEnd, type Goal, type Mode } from '../../../domain/index.js';
import {
  byMemberToJson,
  excludedToJson,
  GOAL_COLUMNS,
  goalFromRow,
  periodFromRow,
  tiersToJson,
  type GoalRow,
  type PeriodRow,
} from '../mappers/team.mapper.js';
import { currentDb, type Orm } from '../orm.js';

const PERIOD_COLUMNS = `p.id, p.goal_id, p.team_id, p.merchant_id, p.period_key, p.period_start, p.period_end, p.closed_at,
  p.window_ends_at, p.settled_at, p.member_ids, p.campaign_ids, p.leader_affiliate_id, p.target_value, p.aggregate, p.hit,
  p.by_member, p.excluded_by_currency, p.bonus_total, p.created_at, p.updated_at`;

export class SqlTeamGoalRepository implements TeamGoalRepository {
  constructor(private readonly orm: Orm) {}

  private async rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(currentDb(this.orm))).rows;
  }

  async insert(tenant: Tenant, g: Goal): Promise<void> {
    await this.rows(sql`
      insert into team_goals (id, team_id, merchant_id, mode, name, scope, campaign_id, metric, target_value, period_mode,
        period_start, period_end, bonus_type, bonus_value, bonus_tiers, bonus_cap, bonus_scope, bonus_split, bonus_visibility,
        refund_safe_days, status, current_period_key, current_period_start, current_period_end, created_at, updated_at)
      values (${g.id}, ${g.teamId}, ${tenant.merchantId}, ${tenant.mode}, ${g.name}, ${g.scope}, ${g.campaignId}, ${g.metric},
        ${g.targetValue.toFixed()}, ${g.periodMode}, ${g.periodStart}, ${g.periodEnd}, ${g.bonus.type},
        ${g.bonus.value?.toFixed() ?? null}, ${tiersToJson(g)}::jsonb, ${g.bonus.cap?.toFixed() ?? null}, ${g.bonus.scope},
        ${g.bonus.split}, ${g.bonusVisibility}, ${g.refundSafeDays}, ${g.status}, ${g.currentPeriodKey}, ${g.currentPeriodStart},
        ${currentPeriodEnd(g)}, ${g.createdAt}, ${g.updatedAt})`);
  }

  /** Goals change only in their state-machine fields; the rule itself is never edited (spec). */
  async update(tenant: Tenant, g: Goal): Promise<void> {
    await this.rows(sql`
      update team_goals set status = ${g.status}, period_end = ${g.periodEnd}, current_period_key = ${g.currentPeriodKey},
        current_period_start = ${g.currentPeriodStart}, current_period_end = ${currentPeriodEnd(g)}, updated_at = ${g.updatedAt},
        version = version + 1
      where id = ${g.id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
  }

  findById(tenant: Tenant, teamId: string, goalId: string): Promise<Goal | null> {
    return this.find(tenant, teamId, goalId, false);
  }

  findByIdForUpdate(tenant: Tenant, teamId: string, goalId: string): Promise<Goal | null> {
    return this.find(tenant, teamId, goalId, true);
  }

  private async find(tenant: Tenant, teamId: string, goalId: string, lock: boolean): Promise<Goal | null> {
    const [row] = await this.rows(sql<GoalRow>`
      select ${sql.raw(GOAL_COLUMNS('g'))} from team_goals g
      where g.id = ${goalId} and g.team_id = ${teamId} and g.merchant_id = ${tenant.merchantId} and g.mode = ${tenant.mode}
      ${lock ? sql`for update` : sql``}`);
    return row ? goalFromRow(row) : null;
  }

  async listForTeam(tenant: Tenant, teamId: string): Promise<readonly Goal[]> {
    const rows = await this.rows(sql<GoalRow>`
      select ${sql.raw(GOAL_COLUMNS('g'))} from team_goals g
      where g.team_id = ${teamId} and g.merchant_id = ${tenant.merchantId} and g.mode = ${tenant.mode}
      order by g.created_at, g.id`);
    return rows.map(goalFromRow);
  }

  async countForTeam(tenant: Tenant, teamId: string): Promise<{ all: number; active: number }> {
    const [row] = await this.rows(sql<{ all_goals: number; active: number }>`
      select count(*)::int as all_goals, (count(*) filter (where status = 'active'))::int as active from team_goals
      where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    return { all: row?.all_goals ?? 0, active: row?.active ?? 0 };
  }

  async claimDue(now: Date, limit: number): Promise<readonly TenantGoal[]> {
    const rows = await this.rows(sql<GoalRow & { mode: Mode }>`
      select ${sql.raw(GOAL_COLUMNS('g'))}, g.mode from team_goals g
      where g.status = 'active' and g.current_period_end is not null and g.current_period_end <= ${now}
      order by g.current_period_end, g.id
      limit ${limit}
      for update skip locked`);
    return rows.map((row) => ({ tenant: { merchantId: row.merchant_id, mode: row.mode }, goal: goalFromRow(row) }));
  }

  async insertPeriod(tenant: Tenant, p: GoalPeriod): Promise<'inserted' | 'exists'> {
    const inserted = await this.rows(sql<{ id: string }>`
      insert into team_goal_periods (id, goal_id, team_id, merchant_id, mode, period_key, period_start, period_end, closed_at,
        window_ends_at, settled_at, member_ids, campaign_ids, leader_affiliate_id, target_value, aggregate, hit, by_member,
        excluded_by_currency, bonus_total, created_at, updated_at)
      values (${p.id}, ${p.goalId}, ${p.teamId}, ${tenant.merchantId}, ${tenant.mode}, ${p.periodKey}, ${p.start}, ${p.end},
        ${p.closedAt}, ${p.windowEndsAt}, ${p.settledAt}, ${JSON.stringify(p.memberIds)}::jsonb, ${JSON.stringify(p.campaignIds)}::jsonb,
        ${p.leaderAffiliateId}, ${p.target.toFixed()}, ${p.aggregate.toFixed()}, ${p.hit}, ${byMemberToJson(p.byMember)}::jsonb,
        ${excludedToJson(p.excludedByCurrency)}::jsonb, ${p.bonusTotal.toFixed()}, ${p.createdAt}, ${p.updatedAt})
      on conflict (goal_id, period_key) do nothing
      returning id`);
    return inserted.length > 0 ? 'inserted' : 'exists';
  }

  async updatePeriod(tenant: Tenant, p: GoalPeriod): Promise<void> {
    await this.rows(sql`
      update team_goal_periods set aggregate = ${p.aggregate.toFixed()}, hit = ${p.hit}, by_member = ${byMemberToJson(p.byMember)}::jsonb,
        excluded_by_currency = ${excludedToJson(p.excludedByCurrency)}::jsonb, bonus_total = ${p.bonusTotal.toFixed()},
        settled_at = ${p.settledAt}, updated_at = ${p.updatedAt}
      where id = ${p.id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
  }

  async usedPeriodKeys(tenant: Tenant, goalId: string): Promise<readonly string[]> {
    const rows = await this.rows(sql<{ period_key: string }>`
      select period_key from team_goal_periods where goal_id = ${goalId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    return rows.map((r) => r.period_key);
  }

  async claimWindowsEnded(now: Date, limit: number): Promise<readonly TenantPeriod[]> {
    const rows = await this.rows(sql<PeriodRow & { mode: Mode }>`
      select ${sql.raw(PERIOD_COLUMNS)}, p.mode from team_goal_periods p
      where p.settled_at is null and p.window_ends_at <= ${now}
      order by p.window_ends_at, p.id
      limit ${limit}
      for update skip locked`);
    return rows.map((row) => ({ tenant: { merchantId: row.merchant_id, mode: row.mode }, period: periodFromRow(row) }));
  }

  async unsettledPeriodsCoveringForUpdate(tenant: Tenant, affiliateId: string, at: Date): Promise<readonly GoalPeriod[]> {
    const rows = await this.rows(sql<PeriodRow>`
      select ${sql.raw(PERIOD_COLUMNS)} from team_goal_periods p
      where p.merchant_id = ${tenant.merchantId} and p.mode = ${tenant.mode} and p.settled_at is null
        and p.period_start <= ${at} and p.period_end > ${at} and p.member_ids @> ${JSON.stringify([affiliateId])}::jsonb
      order by p.id
      for update`);
    return rows.map(periodFromRow);
  }

  async periodsForTeam(tenant: Tenant, teamId: string, from: Date): Promise<readonly GoalPeriod[]> {
    const rows = await this.rows(sql<PeriodRow>`
      select ${sql.raw(PERIOD_COLUMNS)} from team_goal_periods p
      where p.team_id = ${teamId} and p.merchant_id = ${tenant.merchantId} and p.mode = ${tenant.mode} and p.period_end > ${from}
      order by p.period_start desc, p.id desc`);
    return rows.map(periodFromRow);
  }
}
