import { z } from '@hono/zod-openapi';
import type { GoalView, TeamHistory } from '../../../application/teams/team-reads.js';
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
  type CurrencyCode,
  type Decimal,
  type ExcludedCurrency,
  type Goal,
  type Progress,
} from '../../../domain/index.js';

/** A team's goals as the API shows them: the goal, its running progress, and its history by period. */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A goal figure in the goal's metric: money in the team's currency, or a whole number of conversions. */
export const figure = (goal: Pick<Goal, 'metric'>, value: Decimal, currency: CurrencyCode) =>
  goal.metric === 'revenue' ? formatAmount(value, currency) : value.toFixed(0);

const ExcludedSchema = z
  .record(z.string(), z.object({ count: z.number().int(), amount: z.string() }))
  .openapi({ description: 'Per other currency: sales left out of a revenue goal (never converted)' });
const excludedJson = (excluded: ReadonlyMap<CurrencyCode, ExcludedCurrency>) =>
  Object.fromEntries([...excluded.entries()].map(([currency, e]) => [currency, { count: e.count, amount: formatAmount(e.amount, currency) }]));

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
