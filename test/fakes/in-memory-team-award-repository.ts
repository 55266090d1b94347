import type { AwardFilters, AwardSummary, AwardView, TeamAwardRepository } from '../../application/ports/team-award-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../application/shared/page.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, UNQUEUED_AWARD_PAYOUT, type Award, type AwardEventContext, type AwardPayoutSchedule, type AwardStatus, type PayoutMethod } from '../../domain/index.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

/** An award row: the award, its tenant and the payout job's bookkeeping. */
export interface AwardRecord {
  readonly tenant: Tenant;
  readonly award: Award;
  readonly schedule: AwardPayoutSchedule;
}

/** What the award store reads of goals and teams (the real one joins their tables). */
export interface AwardJoins {
  goalName(goalId: string, merchantId: string): string | undefined;
  teamName(teamId: string, merchantId: string): string | undefined;
  /** A period exists under (goal, key): awards refer to it. */
  hasPeriod(goalId: string, periodKey: string): boolean;
}

const owns = (tenant: Tenant, row: AwardRecord) => row.tenant.merchantId === tenant.merchantId && row.tenant.mode === tenant.mode;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: AwardRecord, b: AwardRecord) =>
  b.award.createdAt.getTime() - a.award.createdAt.getTime() || compareText(b.award.id, a.award.id);

/** Bonus awards in memory, joined to goals, teams and affiliates for their names as the real store is. */
export class InMemoryTeamAwardRepository implements TeamAwardRepository {
  private readonly rows: TransactionalTable<AwardRecord>;

  constructor(
    private readonly transactions: InMemoryTransactions,
    private readonly programs: InMemoryPrograms,
    private readonly joins: AwardJoins,
  ) {
    this.rows = new TransactionalTable(transactions);
  }

  /** The stored row of an award (a test's view of the table). */
  record(id: string): AwardRecord | undefined {
    return this.rows.get(id);
  }

  /** Every award row with its tenant and payout bookkeeping. */
  records(): AwardRecord[] {
    return this.rows.values();
  }

  all(): Award[] {
    return this.rows.values().map((r) => r.award);
  }

  async insertMany(tenant: Tenant, awards: readonly Award[]): Promise<void> {
    for (const award of awards) {
      if (!this.joins.hasPeriod(award.goalId, award.periodKey)) throw new Error(`award ${award.id} refers to no period ${award.goalId}/${award.periodKey}`);
      // One award per goal, period and member: closing the same period twice inserts nothing the second time.
      const taken = this.rows
        .values()
        .some((r) => r.award.goalId === award.goalId && r.award.periodKey === award.periodKey && r.award.affiliateId === award.affiliateId);
      if (taken) continue;
      this.rows.set(award.id, { tenant, award: { ...award, merchantId: tenant.merchantId }, schedule: UNQUEUED_AWARD_PAYOUT });
    }
  }

  async update(tenant: Tenant, w: Award): Promise<void> {
    const row = this.rows.get(w.id);
    if (!row || !owns(tenant, row)) return;
    const { amount, status, contributingCount, contributingAmount, approvedAt, approvedBy, paidAt, payoutMethod, cardTransferId, failureReason, cancelReason, updatedAt } = w;
    this.rows.set(w.id, {
      ...row,
      award: { ...row.award, amount, status, contributingCount, contributingAmount, approvedAt, approvedBy, paidAt, payoutMethod, cardTransferId, failureReason, cancelReason, updatedAt },
    });
  }

  async findForUpdate(tenant: Tenant, teamId: string, awardId: string): Promise<Award | null> {
    await this.transactions.lock(`award:${awardId}`);
    const row = this.rows.get(awardId);
    return row && owns(tenant, row) && row.award.teamId === teamId ? row.award : null;
  }

  async forPeriodForUpdate(tenant: Tenant, goalId: string, periodKey: string): Promise<readonly Award[]> {
    const rows = this.rows
      .values()
      .filter((r) => owns(tenant, r) && r.award.goalId === goalId && r.award.periodKey === periodKey)
      .sort((a, b) => compareText(a.award.affiliateId, b.award.affiliateId));
    for (const row of rows) await this.transactions.lock(`award:${row.award.id}`);
    return rows.map((r) => (this.rows.get(r.award.id) as AwardRecord).award);
  }

  async countForTeam(tenant: Tenant, teamId: string): Promise<number> {
    return this.rows.values().filter((r) => owns(tenant, r) && r.award.teamId === teamId).length;
  }

  async list(tenant: Tenant, filters: AwardFilters, page: PageRequest): Promise<Page<AwardView>> {
    const matching = this.rows
      .values()
      .filter((r) => owns(tenant, r))
      .filter((r) => !filters.status || r.award.status === filters.status)
      .filter((r) => !filters.periodKey || r.award.periodKey === filters.periodKey)
      .filter((r) => !filters.affiliateId || r.award.affiliateId === filters.affiliateId)
      .filter((r) => !filters.teamId || r.award.teamId === filters.teamId)
      .sort(newestFirst);
    const items = matching
      .map((r) => this.viewOf(r))
      .filter((v): v is AwardView => v !== null)
      .slice(offsetOf(page), offsetOf(page) + page.limit);
    return { items, page: page.page, limit: page.limit, total: matching.length };
  }

  async view(tenant: Tenant, awardId: string): Promise<AwardView | null> {
    const row = this.rows.get(awardId);
    return row && owns(tenant, row) ? this.viewOf(row) : null;
  }

  async summaries(tenant: Tenant, teamId: string): Promise<readonly AwardSummary[]> {
    const groups = new Map<string, { goalId: string; status: AwardStatus; count: number; total: Decimal }>();
    for (const { award } of this.rows.values().filter((r) => owns(tenant, r) && r.award.teamId === teamId)) {
      const key = `${award.goalId}\u0000${award.status}`;
      const group = groups.get(key) ?? { goalId: award.goalId, status: award.status, count: 0, total: new Decimal(0) };
      groups.set(key, { ...group, count: group.count + 1, total: group.total.plus(award.amount) });
    }
    return [...groups.values()].sort((a, b) => compareText(a.goalId, b.goalId) || compareText(a.status, b.status));
  }

  async eventContexts(tenant: Tenant, awards: readonly Award[]): Promise<ReadonlyMap<string, AwardEventContext>> {
    return new Map(
      awards.map((w) => {
        const person = this.programs.affiliate(w.affiliateId);
        return [
          w.id,
          {
            goalName: this.joins.goalName(w.goalId, tenant.merchantId) ?? '',
            teamName: this.joins.teamName(w.teamId, tenant.merchantId) ?? '',
            affiliateName: person?.name ?? '',
            affiliateEmail: person?.email ?? '',
          },
        ];
      }),
    );
  }

  async forMerchantForUpdate(merchantId: string, statuses: readonly AwardStatus[]): Promise<readonly { tenant: Tenant; award: Award }[]> {
    const rows = this.rows
      .values()
      .filter((r) => r.tenant.merchantId === merchantId && statuses.includes(r.award.status))
      .sort((a, b) => a.award.createdAt.getTime() - b.award.createdAt.getTime() || compareText(a.award.id, b.award.id));
    for (const row of rows) await this.transactions.lock(`award:${row.award.id}`);
    return rows.map((r) => ({ tenant: r.tenant, award: (this.rows.get(r.award.id) as AwardRecord).award }));
  }

  async payoutProfile(affiliateId: string): Promise<{ headless: boolean; payoutMethod: PayoutMethod | null } | null> {
    const person = this.programs.affiliate(affiliateId);
    return person ? { headless: person.headless, payoutMethod: person.payoutMethod } : null;
  }

  async findWithScheduleForUpdate(tenant: Tenant, awardId: string): Promise<{ award: Award; schedule: AwardPayoutSchedule } | null> {
    await this.transactions.lock(`award:${awardId}`);
    const row = this.rows.get(awardId);
    return row && owns(tenant, row) ? { award: row.award, schedule: row.schedule } : null;
  }

  async saveSchedule(id: string, schedule: AwardPayoutSchedule): Promise<void> {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, schedule });
  }

  private viewOf(row: AwardRecord): AwardView | null {
    const { award } = row;
    const goalName = this.joins.goalName(award.goalId, award.merchantId);
    const teamName = this.joins.teamName(award.teamId, award.merchantId);
    const person = this.programs.affiliate(award.affiliateId);
    if (goalName === undefined || teamName === undefined || !person) return null;
    return { award, goalName, teamName, affiliateName: person.name, affiliateEmail: person.email };
  }
}
