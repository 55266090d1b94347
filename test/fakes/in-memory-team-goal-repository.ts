import type { GoalPeriod, TeamGoalRepository, TenantGoal, TenantPeriod } from '../../application/ports/team-goal-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { currentPeriodEnd, type Goal } from '../../domain/index.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

interface Owned<T> {
  readonly tenant: Tenant;
  readonly value: T;
}

const owns = (tenant: Tenant, row: Owned<unknown>) => row.tenant.merchantId === tenant.merchantId && row.tenant.mode === tenant.mode;
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Goals and their closed periods in memory; the jobs' claims skip rows another transaction holds. */
export class InMemoryTeamGoalRepository implements TeamGoalRepository {
  private readonly goals: TransactionalTable<Owned<Goal>>;
  private readonly periods: TransactionalTable<Owned<GoalPeriod>>;

  constructor(private readonly transactions: InMemoryTransactions) {
    this.goals = new TransactionalTable(transactions);
    this.periods = new TransactionalTable(transactions);
  }

  /** Every stored period (a test's view of the table). */
  allPeriods(): GoalPeriod[] {
    return this.periods.values().map((p) => p.value);
  }

  /** A goal's name within a merchant, whatever the mode (as award events read it). */
  goalName(goalId: string, merchantId: string): string | undefined {
    const row = this.goals.get(goalId);
    return row && row.tenant.merchantId === merchantId ? row.value.name : undefined;
  }

  hasPeriod(goalId: string, periodKey: string): boolean {
    return this.periods.values().some((p) => p.value.goalId === goalId && p.value.periodKey === periodKey);
  }

  /** What deleting a team removes of its goals (the team store calls it). */
  deleteForTeam(tenant: Tenant, teamId: string): void {
    for (const key of this.periods.keys()) {
      const row = this.periods.get(key);
      if (row && owns(tenant, row) && row.value.teamId === teamId) this.periods.delete(key);
    }
    for (const key of this.goals.keys()) {
      const row = this.goals.get(key);
      if (row && owns(tenant, row) && row.value.teamId === teamId) this.goals.delete(key);
    }
  }

  async insert(tenant: Tenant, goal: Goal): Promise<void> {
    if (this.goals.has(goal.id)) throw new Error(`duplicate goal ${goal.id}`);
    this.goals.set(goal.id, { tenant, value: { ...goal, merchantId: tenant.merchantId } });
  }

  /** Only the state machine's fields change; the rule is never edited. */
  async update(tenant: Tenant, goal: Goal): Promise<void> {
    const row = this.goals.get(goal.id);
    if (!row || !owns(tenant, row)) return;
    const { status, periodEnd, currentPeriodKey, currentPeriodStart, updatedAt } = goal;
    this.goals.set(goal.id, { tenant: row.tenant, value: { ...row.value, status, periodEnd, currentPeriodKey, currentPeriodStart, updatedAt } });
  }

  async findById(tenant: Tenant, teamId: string, goalId: string): Promise<Goal | null> {
    const row = this.goals.get(goalId);
    return row && owns(tenant, row) && row.value.teamId === teamId ? row.value : null;
  }

  async findByIdForUpdate(tenant: Tenant, teamId: string, goalId: string): Promise<Goal | null> {
    await this.transactions.lock(`goal:${goalId}`);
    return this.findById(tenant, teamId, goalId);
  }

  async listForTeam(tenant: Tenant, teamId: string): Promise<readonly Goal[]> {
    return this.goalsOf(tenant, teamId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byId(a, b));
  }

  async countForTeam(tenant: Tenant, teamId: string): Promise<{ all: number; active: number }> {
    const goals = this.goalsOf(tenant, teamId);
    return { all: goals.length, active: goals.filter((g) => g.status === 'active').length };
  }

  async claimDue(now: Date, limit: number): Promise<readonly TenantGoal[]> {
    const due = this.goals
      .values()
      .filter(({ value }) => value.status === 'active' && (currentPeriodEnd(value)?.getTime() ?? Number.POSITIVE_INFINITY) <= now.getTime())
      .sort((a, b) => (currentPeriodEnd(a.value) as Date).getTime() - (currentPeriodEnd(b.value) as Date).getTime() || byId(a.value, b.value));
    return this.claim(due, limit, (row) => `goal:${row.value.id}`).map((row) => ({ tenant: row.tenant, goal: row.value }));
  }

  async insertPeriod(tenant: Tenant, period: GoalPeriod): Promise<'inserted' | 'exists'> {
    if (this.periods.values().some((p) => p.value.goalId === period.goalId && p.value.periodKey === period.periodKey)) return 'exists';
    this.periods.set(period.id, { tenant, value: { ...period, merchantId: tenant.merchantId } });
    return 'inserted';
  }

  /** The result and settlement change; when and with whom the period ran never does. */
  async updatePeriod(tenant: Tenant, period: GoalPeriod): Promise<void> {
    const row = this.periods.get(period.id);
    if (!row || !owns(tenant, row)) return;
    const { aggregate, hit, byMember, excludedByCurrency, bonusTotal, settledAt, updatedAt } = period;
    this.periods.set(period.id, {
      tenant: row.tenant,
      value: { ...row.value, aggregate, hit, byMember, excludedByCurrency, bonusTotal, settledAt, updatedAt },
    });
  }

  async usedPeriodKeys(tenant: Tenant, goalId: string): Promise<readonly string[]> {
    return this.periods
      .values()
      .filter((p) => owns(tenant, p) && p.value.goalId === goalId)
      .map((p) => p.value.periodKey);
  }

  async claimWindowsEnded(now: Date, limit: number): Promise<readonly TenantPeriod[]> {
    const due = this.periods
      .values()
      .filter(({ value }) => value.settledAt === null && value.windowEndsAt.getTime() <= now.getTime())
      .sort((a, b) => a.value.windowEndsAt.getTime() - b.value.windowEndsAt.getTime() || byId(a.value, b.value));
    return this.claim(due, limit, (row) => `period:${row.value.id}`).map((row) => ({ tenant: row.tenant, period: row.value }));
  }

  async unsettledPeriodsCoveringForUpdate(tenant: Tenant, affiliateId: string, at: Date): Promise<readonly GoalPeriod[]> {
    const covering = this.periods
      .values()
      .filter(({ value }) => value.settledAt === null && value.start <= at && value.end > at && value.memberIds.includes(affiliateId))
      .filter((row) => owns(tenant, row))
      .map((row) => row.value)
      .sort(byId);
    for (const period of covering) await this.transactions.lock(`period:${period.id}`);
    return covering.map((p) => (this.periods.get(p.id) as Owned<GoalPeriod>).value);
  }

  async periodsForTeam(tenant: Tenant, teamId: string, from: Date): Promise<readonly GoalPeriod[]> {
    return this.periods
      .values()
      .filter((row) => owns(tenant, row) && row.value.teamId === teamId && row.value.end > from)
      .map((row) => row.value)
      .sort((a, b) => b.start.getTime() - a.start.getTime() || byId(b, a));
  }

  private goalsOf(tenant: Tenant, teamId: string): Goal[] {
    return this.goals
      .values()
      .filter((row) => owns(tenant, row) && row.value.teamId === teamId)
      .map((row) => row.value);
  }

  /** `FOR UPDATE SKIP LOCKED ... LIMIT`: the first `limit` rows no other transaction holds, now locked. */
  private claim<T>(rows: readonly T[], limit: number, lockKey: (row: T) => string): T[] {
    const claimed: T[] = [];
    for (const row of rows) {
      if (claimed.length === limit) break;
      if (this.transactions.tryLock(lockKey(row))) claimed.push(row);
    }
    return claimed;
  }
}
