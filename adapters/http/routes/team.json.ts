import { z } from '@hono/zod-openapi';
import type { AwardView } from '../../../application/ports/team-award-repository.js';
import type { GoalView, TeamDetail, TeamHistory, TeamListItem } from '../../../application/teams/team-reads.js';
import type { MembersAdded } from '../../../application/teams/team-roster.js';
import {
  AWARD_STATUSES,
  BONUS_SCOPES,
  BONUS_SPLITS,
  BONUS_TYPES,
  BONUS_VISIBILITIES,
  formatAmount,
  formatCommissionValue,
  GOAL_METRICS,
  GOAL_SCOPES,
  GOAL_STATUSES,
  PERIOD_MODES,
  type CommissionRate,
  type CurrencyCode,
  type Decimal,
  type ExcludedCurrency,
  type Goal,
  type Progress,
  type Team,
} from '../../../domain/index.js';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const rateType = (rate: CommissionRate | null) => rate?.type ?? null;
const rateValue = (rate: CommissionRate | null) => (rate === null ? null : formatCommissionValue(rate.value));
const RateType = z.enum(['percentage', 'fixed']).nullable();

/** A goal figure in the goal's metric: money in the team's currency, or a whole number of conversions. */
const figure = (goal: Pick<Goal, 'metric'>, value: Decimal, currency: CurrencyCode) =>
  goal.metric === 'revenue' ? formatAmount(value, currency) : value.toFixed(0);

const ExcludedSchema = z
  .record(z.string(), z.object({ count: z.number().int(), amount: z.string() }))
  .openapi({ description: 'Per other currency: sales left out of a revenue goal (never converted)' });
const excludedJson = (excluded: ReadonlyMap<CurrencyCode, ExcludedCurrency>) =>
  Object.fromEntries([...excluded.entries()].map(([currency, e]) => [currency, { count: e.count, amount: formatAmount(e.amount, currency) }]));

// Teams ------------------------------------------------------------------------------------------

const teamCore = {
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  leaderAffiliateId: z.string().nullable(),
  baseCommissionType: RateType,
  baseCommissionValue: z.string().nullable(),
  memberCount: z.number().int(),
  campaignCount: z.number().int(),
  createdAt: z.string(),
};

const teamCoreJson = (team: Team, memberCount: number, campaignCount: number) => ({
  id: team.id,
  name: team.name,
  currency: team.currency,
  leaderAffiliateId: team.leaderAffiliateId,
  baseCommissionType: rateType(team.baseRate),
  baseCommissionValue: rateValue(team.baseRate),
  memberCount,
  campaignCount,
  createdAt: team.createdAt.toISOString(),
});

export const TeamCreatedSchema = z.object(teamCore).openapi('TeamCreated');
export const teamCreatedJson = (team: Team) => teamCoreJson(team, 0, 0);

export const TeamListItemSchema = z
  .object({
    ...teamCore,
    customRateCount: z.number().int(),
    activeTarget: z.object({ name: z.string(), pct: z.number(), label: z.string() }).nullable(),
    pendingAwards: z.object({ count: z.number().int(), total: z.string() }),
  })
  .openapi('TeamListItem');

export const teamListItemJson = ({ summary, activeTarget }: TeamListItem): z.infer<typeof TeamListItemSchema> => ({
  ...teamCoreJson(summary.team, summary.memberCount, summary.campaignCount),
  customRateCount: summary.customRateCount,
  activeTarget,
  pendingAwards: { count: summary.pendingAwards.count, total: formatAmount(summary.pendingAwards.total, summary.team.currency) },
});

export const TeamDetailSchema = z
  .object({
    ...teamCore,
    members: z.array(
      z.object({ affiliateId: z.string(), name: z.string(), email: z.string(), role: z.enum(['leader', 'member']), isHeadless: z.boolean() }),
    ),
    campaigns: z.array(
      z.object({
        campaignId: z.string(),
        name: z.string(),
        baseCommissionType: RateType,
        baseCommissionValue: z.string().nullable(),
        campaignCommissionType: z.enum(['percentage', 'fixed']),
        campaignCommissionValue: z.string(),
      }),
    ),
    overrides: z
      .array(
        z.object({
          campaignId: z.string(),
          affiliateId: z.string(),
          commissionType: z.enum(['percentage', 'fixed']),
          commissionValue: z.string(),
          recurringValue: z.string().nullable(),
        }),
      )
      .openapi({ 'x-extension': true, description: 'Per-member rates on team campaigns (POST /teams/{id}/overrides)' }),
    goals: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.enum(GOAL_STATUSES),
        metric: z.enum(GOAL_METRICS),
        targetValue: z.string(),
        periodMode: z.enum(PERIOD_MODES),
      }),
    ),
  })
  .openapi('Team');

export const teamDetailJson = (d: TeamDetail): z.infer<typeof TeamDetailSchema> => ({
  ...teamCoreJson(d.team, d.members.length, d.campaigns.length),
  members: d.members.map((m) => ({ affiliateId: m.affiliateId, name: m.name, email: m.email, role: m.role, isHeadless: m.headless })),
  campaigns: d.campaigns.map((c) => ({
    campaignId: c.campaignId,
    name: c.name,
    baseCommissionType: rateType(c.teamRate),
    baseCommissionValue: rateValue(c.teamRate),
    campaignCommissionType: c.campaignRate.type,
    campaignCommissionValue: formatCommissionValue(c.campaignRate.value),
  })),
  overrides: d.overrides.map((o) => ({
    campaignId: o.campaignId,
    affiliateId: o.affiliateId,
    commissionType: o.rate.type,
    commissionValue: formatCommissionValue(o.rate.value),
    recurringValue: o.recurringValue === null ? null : formatCommissionValue(o.recurringValue),
  })),
  goals: d.goals.map((g) => ({
    id: g.id,
    name: g.name,
    status: g.status,
    metric: g.metric,
    targetValue: figure(g, g.targetValue, d.team.currency),
    periodMode: g.periodMode,
  })),
});

export const MembersAddedSchema = z
  .object({
    added: z.number().int(),
    alreadyMembers: z.number().int(),
    skipped: z.number().int(),
    results: z.array(
      z.object({
        affiliateId: z.string(),
        outcome: z.enum(['added', 'already_member', 'skipped']),
        reason: z.enum(['no_relationship', 'pending', 'suspended', 'test_affiliate', 'ineligible']).optional(),
      }),
    ),
  })
  .openapi('TeamMembersAdded');

export const membersAddedJson = (r: MembersAdded): z.infer<typeof MembersAddedSchema> => ({
  added: r.added,
  alreadyMembers: r.alreadyMembers,
  skipped: r.skipped,
  results: r.results.map((x) => (x.reason ? { affiliateId: x.affiliateId, outcome: x.outcome, reason: x.reason } : { affiliateId: x.affiliateId, outcome: x.outcome })),
});

// Goals ------------------------------------------------------------------------------------------

const ProgressSchema = z
  .object({
    periodKey: z.string(),
    aggregate: z.string(),
    byMember: z.array(z.object({ affiliateId: z.string(), contribution: z.string() })),
    excludedByCurrency: ExcludedSchema,
  })
  .openapi('TeamGoalProgress');

const progressJson = (goal: Goal, progress: Progress, currency: CurrencyCode): z.infer<typeof ProgressSchema> => ({
  periodKey: progress.periodKey,
  aggregate: figure(goal, progress.aggregate, currency),
  byMember: progress.byMember.map((m) => ({ affiliateId: m.affiliateId, contribution: figure(goal, m.contribution, currency) })),
  excludedByCurrency: excludedJson(progress.excludedByCurrency),
});

export const GoalSchema = z
  .object({
    id: z.string(),
    scope: z.enum(GOAL_SCOPES),
    campaignId: z.string().nullable(),
    name: z.string(),
    metric: z.enum(GOAL_METRICS),
    targetValue: z.string(),
    periodMode: z.enum(PERIOD_MODES),
    periodStart: z.string(),
    periodEnd: z.string().nullable(),
    bonusType: z.enum(BONUS_TYPES),
    bonusValue: z.string().nullable().openapi({ description: 'flat: an amount; percent_over: a percent; tiered: null' }),
    bonusTiers: z.array(z.object({ threshold: z.string(), amount: z.string() })).nullable(),
    bonusCap: z.string().nullable(),
    bonusScope: z.enum(BONUS_SCOPES),
    bonusSplit: z.enum(BONUS_SPLITS),
    bonusVisibility: z.enum(BONUS_VISIBILITIES),
    status: z.enum(GOAL_STATUSES),
    refundSafeDays: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('TeamGoal');

export const goalJson = (g: Goal, currency: CurrencyCode): z.infer<typeof GoalSchema> => ({
  id: g.id,
  scope: g.scope,
  campaignId: g.campaignId,
  name: g.name,
  metric: g.metric,
  targetValue: figure(g, g.targetValue, currency),
  periodMode: g.periodMode,
  periodStart: g.periodStart.toISOString(),
  periodEnd: iso(g.periodEnd),
  bonusType: g.bonus.type,
  bonusValue:
    g.bonus.value === null ? null : g.bonus.type === 'percent_over' ? formatCommissionValue(g.bonus.value) : formatAmount(g.bonus.value, currency),
  bonusTiers: g.bonus.tiers === null ? null : g.bonus.tiers.map((t) => ({ threshold: figure(g, t.threshold, currency), amount: formatAmount(t.amount, currency) })),
  bonusCap: g.bonus.cap === null ? null : formatAmount(g.bonus.cap, currency),
  bonusScope: g.bonus.scope,
  bonusSplit: g.bonus.split,
  bonusVisibility: g.bonusVisibility,
  status: g.status,
  refundSafeDays: g.refundSafeDays,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

export const GoalListItemSchema = GoalSchema.extend({
  progress: ProgressSchema.nullable().openapi({ description: 'Active goals: the running period so far; null otherwise' }),
  awards: z.array(z.object({ status: z.enum(AWARD_STATUSES), count: z.number().int(), total: z.string() })),
}).openapi('TeamGoalListItem');

export const goalListItemJson = (v: GoalView): z.infer<typeof GoalListItemSchema> => ({
  ...goalJson(v.goal, v.currency),
  progress: v.progress === null ? null : progressJson(v.goal, v.progress, v.currency),
  awards: v.awards.map((a) => ({ status: a.status, count: a.count, total: formatAmount(a.total, v.currency) })),
});

// Awards -----------------------------------------------------------------------------------------

export const AwardSchema = z
  .object({
    id: z.string(),
    goalId: z.string(),
    goalName: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    affiliateId: z.string(),
    affiliateName: z.string(),
    affiliateEmail: z.string(),
    amount: z.string(),
    currency: z.string(),
    periodKey: z.string(),
    status: z.enum(AWARD_STATUSES),
    payableAfter: z.string(),
    approvedAt: z.string().nullable(),
    approvedBy: z.string().nullable(),
    paidAt: z.string().nullable(),
    payoutMethod: z.enum(['connect', 'wallet_a', 'transfer_b']).nullable(),
    cardTransferId: z.string().nullable(),
    failureReason: z.string().nullable(),
    contributing: z.object({ count: z.number().int(), amount: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('TeamAward');

export const awardJson = (v: AwardView): z.infer<typeof AwardSchema> => {
  const a = v.award;
  return {
    id: a.id,
    goalId: a.goalId,
    goalName: v.goalName,
    teamId: a.teamId,
    teamName: v.teamName,
    affiliateId: a.affiliateId,
    affiliateName: v.affiliateName,
    affiliateEmail: v.affiliateEmail,
    amount: formatAmount(a.amount, a.currency),
    currency: a.currency,
    periodKey: a.periodKey,
    status: a.status,
    payableAfter: a.payableAfter.toISOString(),
    approvedAt: iso(a.approvedAt),
    approvedBy: a.approvedBy,
    paidAt: iso(a.paidAt),
    payoutMethod: a.payoutMethod,
    cardTransferId: a.cardTransferId,
    failureReason: a.failureReason,
    contributing: { count: a.contributingCount, amount: formatAmount(a.contributingAmount, a.currency) },
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
};

export const AwardManagedSchema = AwardSchema.extend({
  idempotent: z.boolean().openapi({ description: 'true when the award was approved already (nothing changed)' }),
}).openapi('TeamAwardManaged');

// History ----------------------------------------------------------------------------------------

export const HistorySchema = z
  .object({
    currency: z.string(),
    months: z.number().int(),
    periods: z.array(
      z.object({
        periodKey: z.string(),
        goals: z.array(
          z.object({
            goalId: z.string(),
            name: z.string(),
            metric: z.enum(GOAL_METRICS),
            scope: z.enum(GOAL_SCOPES),
            campaignId: z.string().nullable(),
            periodMode: z.enum(PERIOD_MODES),
            status: z.enum(GOAL_STATUSES),
            target: z.string(),
            achieved: z.string(),
            hit: z.boolean(),
            pct: z.number(),
            members: z.array(z.object({ affiliateId: z.string(), name: z.string(), email: z.string(), contribution: z.string() })),
            excludedByCurrency: ExcludedSchema,
          }),
        ),
        payoutTotal: z.string(),
        payoutCount: z.number().int(),
      }),
    ),
  })
  .openapi('TeamHistory');

export const historyJson = (h: TeamHistory): z.infer<typeof HistorySchema> => ({
  currency: h.currency,
  months: h.months,
  periods: h.periods.map((p) => ({
    periodKey: p.periodKey,
    goals: p.goals.map((g) => ({
      goalId: g.goal.id,
      name: g.goal.name,
      metric: g.goal.metric,
      scope: g.goal.scope,
      campaignId: g.goal.campaignId,
      periodMode: g.goal.periodMode,
      status: g.goal.status,
      target: figure(g.goal, g.target, h.currency),
      achieved: figure(g.goal, g.achieved, h.currency),
      hit: g.hit,
      pct: g.pct,
      members: g.members.map((m) => ({ affiliateId: m.affiliateId, name: m.name, email: m.email, contribution: figure(g.goal, m.contribution, h.currency) })),
      excludedByCurrency: excludedJson(g.excludedByCurrency),
    })),
    payoutTotal: formatAmount(p.payoutTotal, h.currency),
    payoutCount: p.payoutCount,
  })),
});
