import { OpenAPIHono, z } from '@hono/zod-openapi';
import { HISTORY_MONTHS_DEFAULT, HISTORY_MONTHS_MAX } from '../../../application/teams/team-reads.js';
import { BONUS_SCOPES, BONUS_SPLITS, BONUS_TYPES, BONUS_VISIBILITIES, GOAL_ACTIONS, GOAL_METRICS, GOAL_SCOPES, PERIOD_MODES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';
import { GoalListItemSchema, goalListItemJson, GoalSchema, goalJson, HistorySchema, historyJson } from './team-goal.json.js';
import {
  amount,
  dataOf,
  dateTime,
  json,
  optionalAmount,
  param,
  TeamParam,
  teamIdOf,
  teamRead,
  teamWrite,
  unwrap,
  type TeamRouteDependencies,
} from './team-route-kit.js';

export const GoalBody = z
  .object({
    name: z.string(),
    metric: z.enum(GOAL_METRICS).optional(),
    targetValue: z.number().openapi({ description: 'up to 100000000; revenue in the team currency or a number of conversions' }),
    periodMode: z.enum(PERIOD_MODES).optional(),
    scope: z.enum(GOAL_SCOPES).optional(),
    campaignId: z.string().nullable().optional(),
    bonusType: z.enum(BONUS_TYPES).optional(),
    bonusValue: z.number().nullable().optional(),
    bonusTiers: z.array(z.object({ threshold: z.number(), amount: z.number() })).nullable().optional(),
    bonusCap: z.number().nullable().optional(),
    bonusScope: z.enum(BONUS_SCOPES).optional(),
    bonusSplit: z.enum(BONUS_SPLITS).optional(),
    bonusVisibility: z.enum(BONUS_VISIBILITIES).optional(),
    refundSafeDays: z.number().optional().openapi({ description: 'whole days, 7 to 90 (default 14)' }),
    periodStart: dateTime.nullable().optional().openapi({ 'x-extension': true, description: 'counting starts (default now; not in the future)' }),
    periodEnd: dateTime.nullable().optional().openapi({ 'x-extension': true, description: 'one_time goals: when the period ends on its own' }),
  })
  .openapi('CreateTeamGoal');

const GoalActionBody = z
  .object({ action: z.enum(GOAL_ACTIONS), expectedUpdatedAt: dateTime.optional() })
  .refine((b) => b.action !== 'reactivate' || b.expectedUpdatedAt !== undefined, {
    message: 'is required for reactivate',
    path: ['expectedUpdatedAt'],
  })
  .openapi('TeamGoalAction');

const HistoryQuery = z.object({ months: z.coerce.number().int().min(1).max(HISTORY_MONTHS_MAX).default(HISTORY_MONTHS_DEFAULT) });

const GoalParam = z.object({ id: param('id'), goalId: param('goalId') });

/** The validated body as the use case takes it (shared with the dashboard); a bad amount throws its `validation_error`. */
export const newGoalOf = (b: z.infer<typeof GoalBody>) => ({
  name: b.name,
  metric: b.metric,
  targetValue: amount(b.targetValue, 'targetValue'),
  periodMode: b.periodMode,
  scope: b.scope,
  campaignId: b.campaignId ? b.campaignId.toLowerCase() : b.campaignId,
  bonusType: b.bonusType,
  bonusValue: optionalAmount(b.bonusValue, 'bonusValue'),
  bonusTiers:
    b.bonusTiers === undefined || b.bonusTiers === null
      ? b.bonusTiers
      : b.bonusTiers.map((t, i) => ({ threshold: amount(t.threshold, `bonusTiers.${i}.threshold`), amount: amount(t.amount, `bonusTiers.${i}.amount`) })),
  bonusCap: optionalAmount(b.bonusCap, 'bonusCap'),
  bonusScope: b.bonusScope,
  bonusSplit: b.bonusSplit,
  bonusVisibility: b.bonusVisibility,
  refundSafeDays: b.refundSafeDays,
  periodStart: b.periodStart ? new Date(b.periodStart) : null,
  periodEnd: b.periodEnd ? new Date(b.periodEnd) : null,
});

/** A team's goals, their actions, and its history of periods (each goal's outcome and the awards paid). */
export const teamGoalRoutes = (deps: TeamRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      teamRead({
        method: 'get',
        path: '/teams/{id}/goals',
        request: { params: TeamParam },
        responses: { 200: dataOf(z.array(GoalListItemSchema), 'Goals, oldest first, with progress (active goals) and award summaries') },
      }),
      async (c) => {
        const views = unwrap(await deps.reads.goals(c.get('tenant'), teamIdOf(c.req.valid('param').id)));
        return sendData(c, views.map(goalListItemJson));
      },
    )
    .openapi(
      teamWrite({
        method: 'post',
        path: '/teams/{id}/goals',
        request: { params: TeamParam, body: json(GoalBody) },
        responses: { 201: dataOf(GoalSchema, 'Created, active') },
      }),
      async (c) => {
        const created = unwrap(await deps.goals.create(c.get('tenant'), teamIdOf(c.req.valid('param').id), newGoalOf(c.req.valid('json'))));
        return sendData(c, goalJson(created.goal, created.currency), 201);
      },
    )
    .openapi(
      teamWrite({
        method: 'patch',
        path: '/teams/{id}/goals/{goalId}',
        request: { params: GoalParam, body: json(GoalActionBody) },
        responses: {
          200: dataOf(
            z.object({
              id: z.string(),
              status: z.string(),
              updatedAt: z.string().openapi({ 'x-extension': true, description: 'for a later reactivate (expectedUpdatedAt)' }),
              closedAt: z.string().optional(),
            }),
            'The goal after the action (`closedAt` for close_now)',
          ),
        },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const body = c.req.valid('json');
        const result = unwrap(
          await deps.goals.act(c.get('tenant'), teamIdOf(p.id), requireId(p.goalId, 'Goal'), {
            action: body.action,
            expectedUpdatedAt: body.expectedUpdatedAt ? new Date(body.expectedUpdatedAt) : undefined,
          }),
        );
        return sendData(c, {
          id: result.goal.id,
          status: result.goal.status,
          updatedAt: result.goal.updatedAt.toISOString(),
          ...(result.closedAt ? { closedAt: result.closedAt.toISOString() } : {}),
        });
      },
    )
    .openapi(
      teamRead({
        method: 'get',
        path: '/teams/{id}/history',
        request: { params: TeamParam, query: HistoryQuery },
        responses: { 200: dataOf(HistorySchema, 'Periods, newest first') },
      }),
      async (c) => {
        const history = unwrap(await deps.reads.history(c.get('tenant'), teamIdOf(c.req.valid('param').id), c.req.valid('query').months));
        return sendData(c, historyJson(history));
      },
    );
