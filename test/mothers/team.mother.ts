import type { GoalPeriod } from '../../application/ports/team-goal-repository.js';
import {
  addDays,
  createGoal,
  createTeam,
  Decimal,
  openAward,
  type Award,
  type CurrencyCode,
  type Goal,
  type NewGoal,
  type Team,
} from '../../domain/index.js';

export const TEAM_T0 = new Date('2026-11-01T00:00:00.000Z');

/** A team as `ManageTeams.create` makes it: USD, no base rate, no leader. */
export const aTeam = (id: string, merchantId: string, fields: Partial<Omit<Team, 'id' | 'merchantId'>> = {}): Team => {
  const created = createTeam({ name: fields.name ?? `Team ${id.slice(-4)}`, currency: fields.currency ?? 'usd' }, { id, merchantId, now: fields.createdAt ?? TEAM_T0 });
  if (created.isErr()) throw new Error(`team mother: ${created.error.message}`);
  return { ...created.value, ...fields };
};

/** A monthly revenue goal of 1000.00 with a flat 100.00 bonus split equally, created at `now` (default the team's T0). */
export const aGoal = (
  id: string,
  team: Pick<Team, 'id' | 'merchantId' | 'currency'>,
  input: Partial<NewGoal> = {},
  context: { readonly now?: Date; readonly teamCampaignIds?: readonly string[] } = {},
): Goal => {
  const created = createGoal(
    { name: `Goal ${id.slice(-4)}`, targetValue: new Decimal('1000'), bonusType: 'flat', bonusValue: new Decimal('100'), ...input },
    {
      id,
      teamId: team.id,
      merchantId: team.merchantId,
      currency: team.currency,
      teamCampaignIds: context.teamCampaignIds ?? (input.campaignId ? [input.campaignId] : []),
      activeGoalCount: 0,
      now: context.now ?? TEAM_T0,
    },
  );
  if (created.isErr()) throw new Error(`goal mother: ${created.error.message}`);
  return created.value;
};

/** A period of `goal` closed at `end` (default: the current period's month end), not settled, its window `refundSafeDays` long. */
export const aPeriod = (id: string, goal: Goal, fields: Partial<Omit<GoalPeriod, 'id' | 'goalId' | 'teamId' | 'merchantId'>> = {}): GoalPeriod => {
  const start = fields.start ?? goal.currentPeriodStart;
  const end = fields.end ?? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const closedAt = fields.closedAt ?? end;
  return {
    id,
    goalId: goal.id,
    teamId: goal.teamId,
    merchantId: goal.merchantId,
    periodKey: goal.currentPeriodKey,
    start,
    end,
    closedAt,
    windowEndsAt: addDays(closedAt, goal.refundSafeDays),
    settledAt: null,
    memberIds: [],
    campaignIds: [],
    leaderAffiliateId: null,
    target: goal.targetValue,
    aggregate: new Decimal(0),
    hit: false,
    byMember: [],
    excludedByCurrency: new Map(),
    bonusTotal: new Decimal(0),
    createdAt: closedAt,
    updatedAt: closedAt,
    ...fields,
  };
};

/** A member's award for a period (`pending_window` as a close opens it), then in whatever state the test sets. */
export const anAward = (
  id: string,
  period: Pick<GoalPeriod, 'goalId' | 'teamId' | 'merchantId' | 'periodKey' | 'windowEndsAt' | 'closedAt'>,
  affiliateId: string,
  fields: Partial<Omit<Award, 'id' | 'goalId' | 'teamId' | 'merchantId' | 'periodKey' | 'affiliateId'>> = {},
): Award => ({
  ...openAward(
    id,
    { affiliateId, amount: fields.amount ?? new Decimal('50'), contributing: { count: fields.contributingCount ?? 1, amount: fields.contributingAmount ?? new Decimal('500') } },
    {
      merchantId: period.merchantId,
      teamId: period.teamId,
      goalId: period.goalId,
      periodKey: period.periodKey,
      currency: fields.currency ?? ('usd' as CurrencyCode),
      payableAfter: period.windowEndsAt,
      now: fields.createdAt ?? period.closedAt,
    },
  ),
  ...fields,
});
