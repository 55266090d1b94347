import { err, ok, type Result } from 'neverthrow';
import {
  cancelGoal,
  closeGoalNow,
  createGoal,
  reactivateGoal,
  validationError,
  type CurrencyCode,
  type DomainError,
  type Goal,
  type GoalAction,
  type GoalChange,
  type NewGoal,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { PeriodSettlement, TeamStores } from './period-settlement.js';

export interface GoalActionInput {
  readonly action: GoalAction;
  /** Required for `reactivate`. */
  readonly expectedUpdatedAt?: Date | undefined;
}

export interface GoalActionResult {
  readonly goal: Goal;
  /** `close_now` only: when the period was closed. */
  readonly closedAt: Date | null;
}

/**
 * `POST /teams/:id/goals` and the goal actions. The team row is locked first (then the goal), so goal
 * creation, reactivation and the 10-goal limit never race, and concurrent actions on one goal run one
 * after another: of 20 reactivations with the same `expectedUpdatedAt`, one wins.
 */
export class TeamGoals {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly settlement: PeriodSettlement,
    private readonly clock: Clock,
  ) {}

  create(tenant: Tenant, teamId: string, input: NewGoal): Promise<Result<{ goal: Goal; currency: CurrencyCode }, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      const campaigns = await this.stores.teams.campaigns(tenant, teamId);
      const { active } = await this.stores.goals.countForTeam(tenant, teamId);
      const goal = createGoal(input, {
        id: this.stores.ids.next(),
        teamId,
        merchantId: tenant.merchantId,
        currency: team.currency,
        teamCampaignIds: campaigns.map((c) => c.campaignId),
        activeGoalCount: active,
        now: this.clock.now(),
      });
      if (goal.isErr()) return err(goal.error);
      await this.stores.goals.insert(tenant, goal.value);
      return ok({ goal: goal.value, currency: team.currency });
    });
  }

  act(tenant: Tenant, teamId: string, goalId: string, input: GoalActionInput): Promise<Result<GoalActionResult, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      const goal = await this.stores.goals.findByIdForUpdate(tenant, teamId, goalId);
      if (!goal) return err(notFound('Goal'));
      const now = this.clock.now();
      let change: Result<GoalChange, DomainError>;
      if (input.action === 'cancel') change = cancelGoal(goal, now);
      else if (input.action === 'close_now') change = closeGoalNow(goal, now);
      else {
        if (!input.expectedUpdatedAt) return err(validationError('expectedUpdatedAt', 'is required for reactivate'));
        change = reactivateGoal(goal, {
          expectedUpdatedAt: input.expectedUpdatedAt,
          now,
          usedPeriodKeys: await this.stores.goals.usedPeriodKeys(tenant, goalId),
          activeGoalCount: (await this.stores.goals.countForTeam(tenant, teamId)).active,
        });
      }
      if (change.isErr()) return err(change.error);
      await this.stores.goals.update(tenant, change.value.goal);
      const { closed } = change.value;
      if (closed) await this.settlement.close(tenant, change.value.goal, team, closed, now);
      return ok({ goal: change.value.goal, closedAt: closed?.closedAt ?? null });
    });
  }
}
