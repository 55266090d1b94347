import type { CurrencyCode, Decimal, ExcludedCurrency, Goal, MemberProgress } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * A closed goal period: when it ran, the roster, campaigns and leader it was closed with (frozen, so a
 * later roster change never rewrites a closed period), and its result. While its refund-safe window is
 * open (`settledAt` null) refunds recompute the result; when the window closes it is final.
 */
export interface GoalPeriod {
  readonly id: string;
  readonly goalId: string;
  readonly teamId: string;
  readonly merchantId: string;
  readonly periodKey: string;
  readonly start: Date;
  readonly end: Date;
  readonly closedAt: Date;
  readonly windowEndsAt: Date;
  readonly settledAt: Date | null;
  readonly memberIds: readonly string[];
  readonly campaignIds: readonly string[];
  readonly leaderAffiliateId: string | null;
  readonly target: Decimal;
  readonly aggregate: Decimal;
  readonly hit: boolean;
  readonly byMember: readonly MemberProgress[];
  readonly excludedByCurrency: ReadonlyMap<CurrencyCode, ExcludedCurrency>;
  readonly bonusTotal: Decimal;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A goal with the tenant it belongs to (the jobs work across tenants). */
export interface TenantGoal {
  readonly tenant: Tenant;
  readonly goal: Goal;
}

export interface TenantPeriod {
  readonly tenant: Tenant;
  readonly period: GoalPeriod;
}

/** Goals and their closed periods. Every method joins the caller's transaction. */
export interface TeamGoalRepository {
  insert(tenant: Tenant, goal: Goal): Promise<void>;
  update(tenant: Tenant, goal: Goal): Promise<void>;
  findById(tenant: Tenant, teamId: string, goalId: string): Promise<Goal | null>;
  /** Locks the goal row: concurrent actions on one goal run one after another. */
  findByIdForUpdate(tenant: Tenant, teamId: string, goalId: string): Promise<Goal | null>;
  /** The team's goals, oldest first. */
  listForTeam(tenant: Tenant, teamId: string): Promise<readonly Goal[]>;
  countForTeam(tenant: Tenant, teamId: string): Promise<{ readonly all: number; readonly active: number }>;

  /**
   * Active goals whose running period has reached its scheduled end at `now`, locked with SKIP LOCKED
   * (another process skips them). Must run in a transaction.
   */
  claimDue(now: Date, limit: number): Promise<readonly TenantGoal[]>;

  /** `exists` when the goal already has a period under that key (a job that ran twice). */
  insertPeriod(tenant: Tenant, period: GoalPeriod): Promise<'inserted' | 'exists'>;
  updatePeriod(tenant: Tenant, period: GoalPeriod): Promise<void>;
  usedPeriodKeys(tenant: Tenant, goalId: string): Promise<readonly string[]>;
  /** Closed periods whose window has ended at `now` and that are not settled yet, locked with SKIP LOCKED. */
  claimWindowsEnded(now: Date, limit: number): Promise<readonly TenantPeriod[]>;
  /**
   * Unsettled periods (refund-safe window still open) of the tenant that a sale by `affiliateId` created
   * at `at` belongs to, locked for the transaction.
   */
  unsettledPeriodsCoveringForUpdate(tenant: Tenant, affiliateId: string, at: Date): Promise<readonly GoalPeriod[]>;
  /** The team's closed periods that ended after `from` (history), newest first. */
  periodsForTeam(tenant: Tenant, teamId: string, from: Date): Promise<readonly GoalPeriod[]>;
}
