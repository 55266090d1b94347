import type { Award, AwardEventContext, AwardPayoutSchedule, AwardStatus, Decimal, PayoutMethod } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** An award with the names responses show. */
export interface AwardView {
  readonly award: Award;
  readonly goalName: string;
  readonly teamName: string;
  readonly affiliateName: string;
  readonly affiliateEmail: string;
}

export interface AwardFilters {
  readonly status?: AwardStatus | undefined;
  readonly periodKey?: string | undefined;
  readonly affiliateId?: string | undefined;
  readonly teamId?: string | undefined;
  /** Awards made in `[createdFrom, createdTo)`. */
  readonly createdFrom?: Date | undefined;
  readonly createdTo?: Date | undefined;
}

/** Per goal, per status: `{ status, count, total }`. */
export interface AwardSummary {
  readonly goalId: string;
  readonly status: AwardStatus;
  readonly count: number;
  readonly total: Decimal;
}

/** Bonus awards. Every method joins the caller's transaction; the jobs' lookups cross tenants and say so. */
export interface TeamAwardRepository {
  insertMany(tenant: Tenant, awards: readonly Award[]): Promise<void>;
  update(tenant: Tenant, award: Award): Promise<void>;
  /** Locks the award (of the team) for the transaction. */
  findForUpdate(tenant: Tenant, teamId: string, awardId: string): Promise<Award | null>;
  /** Every award of one goal period, locked. */
  forPeriodForUpdate(tenant: Tenant, goalId: string, periodKey: string): Promise<readonly Award[]>;
  countForTeam(tenant: Tenant, teamId: string): Promise<number>;
  /** Newest first. */
  list(tenant: Tenant, filters: AwardFilters, page: PageRequest): Promise<Page<AwardView>>;
  view(tenant: Tenant, awardId: string): Promise<AwardView | null>;
  summaries(tenant: Tenant, teamId: string): Promise<readonly AwardSummary[]>;
  /** The names bonus events carry, per award id. */
  eventContexts(tenant: Tenant, awards: readonly Award[]): Promise<ReadonlyMap<string, AwardEventContext>>;
  /** The merchant's awards in `statuses`, both modes, locked (a plan change). */
  forMerchantForUpdate(merchantId: string, statuses: readonly AwardStatus[]): Promise<readonly { tenant: Tenant; award: Award }[]>;

  /** The affiliate's payout method and whether it has a login account (automatic payouts need both). */
  payoutProfile(affiliateId: string): Promise<{ readonly headless: boolean; readonly payoutMethod: PayoutMethod | null } | null>;
  /** The award by id (any team of the tenant) with its payout bookkeeping, locked (the manual path). */
  findWithScheduleForUpdate(tenant: Tenant, awardId: string): Promise<{ readonly award: Award; readonly schedule: AwardPayoutSchedule } | null>;
  /** Records the payout bookkeeping of an award (the payout job, the manual path). */
  saveSchedule(id: string, schedule: AwardPayoutSchedule): Promise<void>;
}
