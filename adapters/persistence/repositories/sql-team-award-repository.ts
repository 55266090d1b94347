import { sql, type RawBuilder } from 'kysely';
import type {
  AwardFilters,
  AwardSummary,
  AwardView,
  TeamAwardRepository,
} from '../../../application/ports/team-award-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type Award, type AwardEventContext, type AwardPayoutSchedule, type AwardStatus, type Mode, type PayoutMethod } from '../../../domain/index.js';
import { AWARD_COLUMNS, awardFromRow, type AwardRow } from '../mappers/team.mapper.js';
import { currentDb, type Orm } from '../orm.js';

type ViewRow = AwardRow & { goal_name: string; team_name: string; affiliate_name: string; affiliate_email: string };

const VIEW_SELECT = sql.raw(`select ${AWARD_COLUMNS('w')}, g.name as goal_name, t.name as team_name, a.name as affiliate_name,
    a.email as affiliate_email
  from team_awards w
  join team_goals g on g.id = w.goal_id
  join teams t on t.id = w.team_id
  join affiliates a on a.id = w.affiliate_id`);

const viewFromRow = (row: ViewRow): AwardView => ({
  award: awardFromRow(row),
  goalName: row.goal_name,
  teamName: row.team_name,
  affiliateName: row.affiliate_name,
  affiliateEmail: row.affiliate_email,
});

export class SqlTeamAwardRepository implements TeamAwardRepository {
  constructor(private readonly orm: Orm) {}

  private async rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(currentDb(this.orm))).rows;
  }

  async insertMany(tenant: Tenant, awards: readonly Award[]): Promise<void> {
    for (const w of awards) {
      // A job that closed the same period twice inserts nothing the second time (unique per goal, period and member).
      await this.rows(sql`
        insert into team_awards (id, merchant_id, mode, team_id, goal_id, period_key, affiliate_id, amount, currency, status,
          payable_after, contributing_count, contributing_amount, approved_at, approved_by, paid_at, payout_method,
          card_transfer_id, failure_reason, cancel_reason, created_at, updated_at)
        values (${w.id}, ${tenant.merchantId}, ${tenant.mode}, ${w.teamId}, ${w.goalId}, ${w.periodKey}, ${w.affiliateId},
          ${w.amount.toFixed()}, ${w.currency}, ${w.status}, ${w.payableAfter}, ${w.contributingCount},
          ${w.contributingAmount.toFixed()}, ${w.approvedAt}, ${w.approvedBy}, ${w.paidAt}, ${w.payoutMethod}, ${w.cardTransferId},
          ${w.failureReason}, ${w.cancelReason}, ${w.createdAt}, ${w.updatedAt})
        on conflict (goal_id, period_key, affiliate_id) do nothing`);
    }
  }

  async update(tenant: Tenant, w: Award): Promise<void> {
    await this.rows(sql`
      update team_awards set amount = ${w.amount.toFixed()}, status = ${w.status}, contributing_count = ${w.contributingCount},
        contributing_amount = ${w.contributingAmount.toFixed()}, approved_at = ${w.approvedAt}, approved_by = ${w.approvedBy},
        paid_at = ${w.paidAt}, payout_method = ${w.payoutMethod}, card_transfer_id = ${w.cardTransferId},
        failure_reason = ${w.failureReason}, cancel_reason = ${w.cancelReason}, updated_at = ${w.updatedAt}, version = version + 1
      where id = ${w.id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
  }

  async findForUpdate(tenant: Tenant, teamId: string, awardId: string): Promise<Award | null> {
    const [row] = await this.rows(sql<AwardRow>`
      select ${sql.raw(AWARD_COLUMNS('w'))} from team_awards w
      where w.id = ${awardId} and w.team_id = ${teamId} and w.merchant_id = ${tenant.merchantId} and w.mode = ${tenant.mode}
      for update`);
    return row ? awardFromRow(row) : null;
  }

  async forPeriodForUpdate(tenant: Tenant, goalId: string, periodKey: string): Promise<readonly Award[]> {
    const rows = await this.rows(sql<AwardRow>`
      select ${sql.raw(AWARD_COLUMNS('w'))} from team_awards w
      where w.goal_id = ${goalId} and w.period_key = ${periodKey} and w.merchant_id = ${tenant.merchantId} and w.mode = ${tenant.mode}
      order by w.affiliate_id
      for update`);
    return rows.map(awardFromRow);
  }

  async countForTeam(tenant: Tenant, teamId: string): Promise<number> {
    const [row] = await this.rows(sql<{ n: number }>`
      select count(*)::int as n from team_awards where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    return row?.n ?? 0;
  }

  async list(tenant: Tenant, filters: AwardFilters, page: PageRequest): Promise<Page<AwardView>> {
    const where = sql.join(
      [
        sql`w.merchant_id = ${tenant.merchantId}`,
        sql`w.mode = ${tenant.mode}`,
        ...(filters.status ? [sql`w.status = ${filters.status}`] : []),
        ...(filters.periodKey ? [sql`w.period_key = ${filters.periodKey}`] : []),
        ...(filters.affiliateId ? [sql`w.affiliate_id = ${filters.affiliateId}`] : []),
        ...(filters.teamId ? [sql`w.team_id = ${filters.teamId}`] : []),
        ...(filters.createdFrom ? [sql`w.created_at >= ${filters.createdFrom}`] : []),
        ...(filters.createdTo ? [sql`w.created_at < ${filters.createdTo}`] : []),
      ],
      sql` and `,
    );
    const [rows, [count]] = await Promise.all([
      this.rows(sql<ViewRow>`${VIEW_SELECT} where ${where} order by w.created_at desc, w.id desc limit ${page.limit} offset ${offsetOf(page)}`),
      this.rows(sql<{ n: number }>`select count(*)::int as n from team_awards w where ${where}`),
    ]);
    return { items: rows.map(viewFromRow), page: page.page, limit: page.limit, total: count?.n ?? 0 };
  }

  async view(tenant: Tenant, awardId: string): Promise<AwardView | null> {
    const [row] = await this.rows(sql<ViewRow>`${VIEW_SELECT}
      where w.id = ${awardId} and w.merchant_id = ${tenant.merchantId} and w.mode = ${tenant.mode}`);
    return row ? viewFromRow(row) : null;
  }

  async summaries(tenant: Tenant, teamId: string): Promise<readonly AwardSummary[]> {
    const rows = await this.rows(sql<{ goal_id: string; status: string; count: number; total: string }>`
      select goal_id, status, count(*)::int as count, sum(amount)::text as total from team_awards
      where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      group by goal_id, status
      order by goal_id, status`);
    return rows.map((r) => ({ goalId: r.goal_id, status: r.status as AwardStatus, count: r.count, total: new Decimal(r.total) }));
  }

  async eventContexts(tenant: Tenant, awards: readonly Award[]): Promise<ReadonlyMap<string, AwardEventContext>> {
    if (awards.length === 0) return new Map();
    const goalIds = [...new Set(awards.map((w) => w.goalId))];
    const teamIds = [...new Set(awards.map((w) => w.teamId))];
    const affiliateIds = [...new Set(awards.map((w) => w.affiliateId))];
    const [goals, teams, affiliates] = await Promise.all([
      this.rows(sql<{ id: string; name: string }>`
        select id, name from team_goals where id = any(${goalIds}::uuid[]) and merchant_id = ${tenant.merchantId}`),
      this.rows(sql<{ id: string; name: string }>`
        select id, name from teams where id = any(${teamIds}::uuid[]) and merchant_id = ${tenant.merchantId}`),
      this.rows(sql<{ id: string; name: string; email: string }>`select id, name, email from affiliates where id = any(${affiliateIds}::uuid[])`),
    ]);
    const goalName = new Map(goals.map((g) => [g.id, g.name]));
    const teamName = new Map(teams.map((t) => [t.id, t.name]));
    const person = new Map(affiliates.map((a) => [a.id, a]));
    return new Map(
      awards.map((w) => [
        w.id,
        {
          goalName: goalName.get(w.goalId) ?? '',
          teamName: teamName.get(w.teamId) ?? '',
          affiliateName: person.get(w.affiliateId)?.name ?? '',
          affiliateEmail: person.get(w.affiliateId)?.email ?? '',
        },
      ]),
    );
  }

  async forMerchantForUpdate(merchantId: string, statuses: readonly AwardStatus[]): Promise<readonly { tenant: Tenant; award: Award }[]> {
    const rows = await this.rows(sql<AwardRow>`
      select ${sql.raw(AWARD_COLUMNS('w'))} from team_awards w
      where w.merchant_id = ${merchantId} and w.status = any(${[...statuses]}::text[])
      order by w.created_at, w.id
      for update`);
    return rows.map((row) => ({ tenant: { merchantId: row.merchant_id, mode: row.mode as Mode }, award: awardFromRow(row) }));
  }

  async payoutProfile(affiliateId: string): Promise<{ headless: boolean; payoutMethod: PayoutMethod | null } | null> {
    const [row] = await this.rows(sql<{ headless: boolean; payout_method: string | null }>`
      select headless, payout_method from affiliates where id = ${affiliateId}`);
    return row ? { headless: row.headless, payoutMethod: row.payout_method as PayoutMethod | null } : null;
  }

  async findWithScheduleForUpdate(tenant: Tenant, awardId: string): Promise<{ award: Award; schedule: AwardPayoutSchedule } | null> {
    const [row] = await this.rows(sql<ScheduledRow>`
      select ${sql.raw(AWARD_COLUMNS('w'))}, w.next_payout_attempt_at, w.payment_id, w.failed_payout_attempts from team_awards w
      where w.id = ${awardId} and w.merchant_id = ${tenant.merchantId} and w.mode = ${tenant.mode}
      for update`);
    if (!row) return null;
    return {
      award: awardFromRow(row),
      schedule: {
        attempts: row.payout_attempts,
        failedAttempts: row.failed_payout_attempts,
        nextAttemptAt: row.next_payout_attempt_at === null ? null : new Date(row.next_payout_attempt_at),
        paymentId: row.payment_id,
      },
    };
  }

  async saveSchedule(id: string, schedule: AwardPayoutSchedule): Promise<void> {
    await this.rows(sql`
      update team_awards set payout_attempts = ${schedule.attempts}, failed_payout_attempts = ${schedule.failedAttempts},
        next_payout_attempt_at = ${schedule.nextAttemptAt}, payment_id = ${schedule.paymentId}
      where id = ${id}`);
  }
}

type ScheduledRow = AwardRow & { next_payout_attempt_at: Date | string | null; payment_id: string | null; failed_payout_attempts: number };
