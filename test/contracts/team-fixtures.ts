import type { GoalPeriod } from '../../application/ports/team-goal-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Goal, NewGoal, Team } from '../../domain/index.js';
import { aGoal, aPeriod, aTeam } from '../mothers/team.mother.js';
import { inTransaction, type ContractWorld } from './contract-world.js';

/** Rows the team contracts build on, written through the stores under test. */
export const teamFixtures = (world: ContractWorld) => ({
  async team(tenant: Tenant, fields: Partial<Omit<Team, 'id' | 'merchantId'>> = {}): Promise<Team> {
    const team = aTeam(world.ids.next(), tenant.merchantId, fields);
    await inTransaction(world, () => world.teams.insert(tenant, team));
    return team;
  },
  async goal(tenant: Tenant, team: Team, input: Partial<NewGoal> = {}, context: Parameters<typeof aGoal>[3] = {}): Promise<Goal> {
    const goal = aGoal(world.ids.next(), team, input, context);
    await inTransaction(world, () => world.goals.insert(tenant, goal));
    return goal;
  },
  async period(tenant: Tenant, goal: Goal, fields: Parameters<typeof aPeriod>[2] = {}): Promise<GoalPeriod> {
    const period = aPeriod(world.ids.next(), goal, fields);
    const inserted = await inTransaction(world, () => world.goals.insertPeriod(tenant, period));
    if (inserted !== 'inserted') throw new Error(`period ${period.periodKey} of goal ${goal.id} exists`);
    return period;
  },
});
