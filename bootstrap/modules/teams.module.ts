import type { Container } from '../token.js';
import { ManageTeams } from '../../application/teams/manage-teams.js';
import { PeriodSettlement, type TeamStores } from '../../application/teams/period-settlement.js';
import { TeamAwards } from '../../application/teams/team-awards.js';
import { TeamGoals } from '../../application/teams/team-goals.js';
import { CancelAwardsOnDowngrade, GoalProgressOnConversionChange, LeaveTeamsOnSuspension } from '../../application/teams/team-hooks.js';
import { CloseAwardWindows, CloseGoalPeriods } from '../../application/teams/team-jobs.js';
import { TeamReads } from '../../application/teams/team-reads.js';
import { TeamRoster } from '../../application/teams/team-roster.js';
import type { TeamRouteDependencies } from '../../adapters/http/routes/teams.routes.js';
import { SqlTeamAwardRepository } from '../../adapters/persistence/repositories/sql-team-award-repository.js';
import { SqlTeamGoalRepository } from '../../adapters/persistence/repositories/sql-team-goal-repository.js';
import { SqlTeamConversionFacts, SqlTeamQueries } from '../../adapters/persistence/repositories/sql-team-queries.js';
import { SqlTeamRepository } from '../../adapters/persistence/repositories/sql-team-repository.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/**
 * Teams: repositories, the period settlement service, use cases, the two jobs (goal periods and
 * refund-safe windows; approved awards are paid by the payout job, payouts.module.ts), and the hooks
 * other modules call: a `ConversionChangeHook` (refunds and holds recompute goal periods) and a
 * `PlanChangeHandler` (a downgrade from Scale cancels unpaid awards). Register after payouts.
 */
export const registerTeams = (c: Container): void => {
  c.register(
    T.TeamStores,
    single((r): TeamStores => {
      const orm = r.resolve(T.Orm);
      return {
        teams: new SqlTeamRepository(orm),
        goals: new SqlTeamGoalRepository(orm),
        awards: new SqlTeamAwardRepository(orm),
        facts: new SqlTeamConversionFacts(orm),
        merchants: r.resolve(T.MerchantRepository),
        outbox: r.resolve(T.EventOutbox),
        ids: r.resolve(T.Ids),
      };
    }),
  );
  c.register(T.TeamQueries, single((r) => new SqlTeamQueries(r.resolve(T.Orm))));
  c.register(T.PeriodSettlement, single((r) => new PeriodSettlement(r.resolve(T.TeamStores))));
  c.register(T.ManageTeams, single((r) => new ManageTeams(r.resolve(T.UnitOfWork), r.resolve(T.TeamStores), r.resolve(T.Clock))));
  c.register(
    T.TeamRoster,
    single(
      (r) =>
        new TeamRoster(r.resolve(T.UnitOfWork), r.resolve(T.TeamStores), r.resolve(T.CampaignRepository), r.resolve(T.MembershipRepository), r.resolve(T.Clock)),
    ),
  );
  c.register(T.TeamGoals, single((r) => new TeamGoals(r.resolve(T.UnitOfWork), r.resolve(T.TeamStores), r.resolve(T.PeriodSettlement), r.resolve(T.Clock))));
  c.register(T.TeamAwards, single((r) => new TeamAwards(r.resolve(T.UnitOfWork), r.resolve(T.TeamStores), r.resolve(T.Clock), r.resolve(T.PayoutSettingsRepository))));
  c.register(T.TeamReads, single((r) => new TeamReads(r.resolve(T.TeamStores), r.resolve(T.TeamQueries), r.resolve(T.PeriodSettlement), r.resolve(T.Clock))));
  c.register(T.CloseGoalPeriods, single((r) => new CloseGoalPeriods(r.resolve(T.UnitOfWork), r.resolve(T.TeamStores), r.resolve(T.PeriodSettlement))));
  c.register(T.CloseAwardWindows, single((r) => new CloseAwardWindows(r.resolve(T.UnitOfWork), r.resolve(T.TeamStores), r.resolve(T.PeriodSettlement))));
  c.register(T.ConversionChangeHook, single((r) => new GoalProgressOnConversionChange(r.resolve(T.TeamStores), r.resolve(T.PeriodSettlement))));
  c.register(T.PlanChangeHandler, single((r) => new CancelAwardsOnDowngrade(r.resolve(T.TeamStores))));
  c.register(T.MembershipSuspendedHook, single((r) => new LeaveTeamsOnSuspension(r.resolve(T.TeamStores))));

  // In this order: a period closed in a run can have its window end in the same run (a late run).
  c.register(T.Job, single((r) => r.resolve(T.CloseGoalPeriods)));
  c.register(T.Job, single((r) => r.resolve(T.CloseAwardWindows)));
};

export const teamRouteDependencies = (c: Container): TeamRouteDependencies => ({
  manageTeams: c.resolve(T.ManageTeams),
  roster: c.resolve(T.TeamRoster),
  goals: c.resolve(T.TeamGoals),
  awards: c.resolve(T.TeamAwards),
  reads: c.resolve(T.TeamReads),
});
