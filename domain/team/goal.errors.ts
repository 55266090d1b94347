import { domainError, type DomainError } from '../shared/domain-error.js';
import { GOALS_NOT_ENDED_MAX, type GoalAction, type GoalStatus } from './goal.js';

export const staleGoal = (): DomainError<'stale_goal'> =>
  domainError('stale_goal', "The goal changed since it was read: expectedUpdatedAt differs from the goal's updatedAt");

export const tooManyGoals = (): DomainError<'too_many_goals'> =>
  domainError('too_many_goals', `A team may have at most ${GOALS_NOT_ENDED_MAX} goals that have not ended`);

export const invalidGoalTransition = (from: GoalStatus, action: GoalAction): DomainError<'invalid_transition'> =>
  domainError('invalid_transition', `A ${from} goal cannot take the action "${action}"`);
