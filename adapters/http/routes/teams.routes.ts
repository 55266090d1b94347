import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Result } from 'neverthrow';
import type { ManageTeams } from '../../../application/teams/manage-teams.js';
import type { TeamAwards } from '../../../application/teams/team-awards.js';
import type { TeamGoals } from '../../../application/teams/team-goals.js';
import { HISTORY_MONTHS_DEFAULT, HISTORY_MONTHS_MAX, type TeamReads } from '../../../application/teams/team-reads.js';
import { ROSTER_BATCH_MAX, type TeamRoster } from '../../../application/teams/team-roster.js';
import {
  AWARD_ACTIONS,
  AWARD_STATUSES,
  BONUS_SCOPES,
  BONUS_SPLITS,
  BONUS_TYPES,
  BONUS_VISIBILITIES,
  GOAL_ACTIONS,
  GOAL_METRICS,
  GOAL_SCOPES,
  parseAmount,
  PERIOD_MODES,
  type Decimal,
  type DomainError,
} from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requireLiveKey, requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, SERVICE_TIME_MESSAGE, validationHook, withinServiceTime } from '../validation.js';
import { requireId } from './path-id.js';
import {
  AwardManagedSchema,
  AwardSchema,
  awardJson,
  GoalListItemSchema,
  goalListItemJson,
  GoalSchema,
  goalJson,
  HistorySchema,
  historyJson,
  MembersAddedSchema,
  membersAddedJson,
  TeamCreatedSchema,
  teamCreatedJson,
  TeamDetailSchema,
  teamDetailJson,
  TeamListItemSchema,
  teamListItemJson,
} from './team.json.js';

export interface TeamRouteDependencies {
  readonly manageTeams: ManageTeams;
  readonly roster: TeamRoster;
  readonly goals: TeamGoals;
  readonly awards: TeamAwards;
  readonly reads: TeamReads;
}

/** Every Teams endpoint needs Scale, reads included. */
const scale = requirePlan('scale', 'Teams');
/** Team writes also need a write key and a live key (teams have no test mode). */
const liveOnly = requireLiveKey('Team writes');

const RateType = z.enum(['percentage', 'fixed']);
const dateTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 time')
  .refine(withinServiceTime, SERVICE_TIME_MESSAGE)
  .openapi({ example: '2026-11-22T10:00:00.000Z' });

export const TeamBody = z
  .object({
    name: z.string().openapi({ description: '1 to 120 characters' }),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code').optional(),
    baseCommissionType: RateType.optional(),
    baseCommissionValue: z.number().optional().openapi({ description: 'percent at most 100, fixed at most 100000' }),
  })
  .openapi('CreateTeam');

const TeamPatchBody = z
  .object({
    name: z.string().optional(),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code').optional(),
    baseCommissionType: RateType.optional(),
    baseCommissionValue: z.number().nullable().optional().openapi({ description: 'null clears the base rate' }),
    leaderAffiliateId: z.string().nullable().optional().openapi({ description: 'a current non-headless member; null clears' }),
  })
  .openapi('UpdateTeam');

export const MembersBody = z.object({ affiliateIds: z.array(z.string()).min(1).max(ROSTER_BATCH_MAX) }).openapi('AddTeamMembers');

export const TeamCampaignBody = z
  .object({ campaignId: z.string(), baseCommissionType: RateType.optional(), baseCommissionValue: z.number().optional() })
  .openapi('AddTeamCampaign');

const OverridesBody = z
  .object({
    campaignId: z.string(),
    affiliateIds: z.array(z.string()).min(1).max(ROSTER_BATCH_MAX),
    commissionType: RateType,
    commissionValue: z.number(),
    recurringValue: z.number().min(0).optional().openapi({ description: 'Stored; recurring commissions are not computed yet' }),
  })
  .openapi('SetTeamOverrides');

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

const AwardActionBody = z.object({ action: z.enum(AWARD_ACTIONS) }).openapi('TeamAwardAction');

const AwardListQuery = z.object({ status: z.enum(AWARD_STATUSES).optional(), ...pageQuery });
const LedgerQuery = z.object({
  status: z.enum(AWARD_STATUSES).optional(),
  periodKey: z.string().optional(),
  affiliateId: z.string().optional(),
  teamId: z.string().optional(),
  ...pageQuery,
});
const HistoryQuery = z.object({ months: z.coerce.number().int().min(1).max(HISTORY_MONTHS_MAX).default(HISTORY_MONTHS_DEFAULT) });

const param = (name: string) => z.string().openapi({ param: { name, in: 'path' } });
const TeamParam = z.object({ id: param('id') });
const MemberParam = z.object({ id: param('id'), affiliateId: param('affiliateId') });
const CampaignParam = z.object({ id: param('id'), campaignId: param('campaignId') });
const GoalParam = z.object({ id: param('id'), goalId: param('goalId') });
const AwardParam = z.object({ id: param('id'), awardId: param('awardId') });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});
const pageOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: z.array(schema), pagination: z.any() }) } },
});

const amount = (value: number, field: string): Decimal => {
  const parsed = parseAmount(value, { field });
  if (parsed.isErr()) throw ApiError.from(parsed.error);
  return parsed.value;
};
const optionalAmount = (value: number | null | undefined, field: string) =>
  value === undefined ? undefined : value === null ? null : amount(value, field);

/** A body id that is not a UUID names nothing that exists: 404, like an unknown one. */
const knownId = (value: string, what: string) => {
  if (!isUuid(value)) throw new ApiError('not_found', `${what} not found`);
  return value.toLowerCase();
};

/** The validated bodies as the use cases take them (shared with the dashboard); a bad amount throws its `validation_error`. */
export const newTeamOf = (body: z.infer<typeof TeamBody>) => ({
  name: body.name,
  currency: body.currency,
  baseCommissionType: body.baseCommissionType,
  baseCommissionValue: optionalAmount(body.baseCommissionValue, 'baseCommissionValue'),
});

export const teamCampaignOf = (body: z.infer<typeof TeamCampaignBody>) => ({
  campaignId: knownId(body.campaignId, 'Campaign'),
  commissionType: body.baseCommissionType,
  commissionValue: optionalAmount(body.baseCommissionValue, 'baseCommissionValue') ?? undefined,
});

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

const unwrap = <T>(result: Result<T, DomainError>): T => {
  if (result.isErr()) throw ApiError.from(result.error);
  return result.value;
};

export const teamRoutes = (deps: TeamRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/teams',
        tags: ['Teams'],
        middleware: [scale] as const,
        request: { query: z.object(pageQuery) },
        responses: { 200: pageOf(TeamListItemSchema, 'Teams, newest first (test keys: none)') },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return sendPage(c, await deps.reads.list(c.get('tenant'), { page: q.page, limit: q.limit }), teamListItemJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/teams',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { body: json(TeamBody) },
        responses: { 201: dataOf(TeamCreatedSchema, 'Created') },
      }),
      async (c) => {
        const team = unwrap(await deps.manageTeams.create(c.get('tenant'), newTeamOf(c.req.valid('json'))));
        return sendData(c, teamCreatedJson(team), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/teams/{id}',
        tags: ['Teams'],
        middleware: [scale] as const,
        request: { params: TeamParam },
        responses: { 200: dataOf(TeamDetailSchema, 'The team with members, campaigns and goals') },
      }),
      async (c) => {
        const detail = unwrap(await deps.reads.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Team')));
        return sendData(c, teamDetailJson(detail));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/teams/{id}',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: TeamParam, body: json(TeamPatchBody) },
        responses: { 200: dataOf(z.object({ id: z.string(), updated: z.literal(true) }), 'Updated') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Team');
        const body = c.req.valid('json');
        const leader = body.leaderAffiliateId;
        unwrap(
          await deps.manageTeams.update(c.get('tenant'), id, {
            name: body.name,
            currency: body.currency,
            baseCommissionType: body.baseCommissionType,
            baseCommissionValue: optionalAmount(body.baseCommissionValue, 'baseCommissionValue'),
            // A malformed id cannot be a member: the domain answers validation_error on the field.
            leaderAffiliateId: leader === undefined || leader === null ? leader : leader.toLowerCase(),
          }),
        );
        return sendData(c, { id, updated: true as const });
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/teams/{id}',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: TeamParam },
        responses: { 200: dataOf(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted') },
      }),
      async (c) => {
        const { id } = unwrap(await deps.manageTeams.delete(c.get('tenant'), requireId(c.req.valid('param').id, 'Team')));
        return sendData(c, { id, deleted: true as const });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/teams/{id}/members',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: TeamParam, body: json(MembersBody) },
        responses: { 200: dataOf(MembersAddedSchema, 'Per affiliate: added, already a member, or skipped with the reason') },
      }),
      async (c) => {
        const result = unwrap(
          await deps.roster.addMembers(c.get('tenant'), requireId(c.req.valid('param').id, 'Team'), c.req.valid('json').affiliateIds),
        );
        return sendData(c, membersAddedJson(result));
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/teams/{id}/members/{affiliateId}',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: MemberParam },
        responses: { 200: dataOf(z.object({ teamId: z.string(), affiliateId: z.string(), removed: z.literal(true) }), 'Removed') },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const result = unwrap(await deps.roster.removeMember(c.get('tenant'), requireId(p.id, 'Team'), requireId(p.affiliateId, 'Team member')));
        return sendData(c, { ...result, removed: true as const });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/teams/{id}/campaigns',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: TeamParam, body: json(TeamCampaignBody) },
        responses: {
          200: dataOf(
            z.object({
              teamId: z.string(),
              campaignId: z.string(),
              created: z.boolean(),
              tally: z.object({ created: z.number(), linked: z.number(), already: z.number(), rejected: z.number(), conflict: z.number() }),
            }),
            'Assigned; members placed on it',
          ),
        },
      }),
      async (c) => {
        const result = unwrap(await deps.roster.addCampaign(c.get('tenant'), requireId(c.req.valid('param').id, 'Team'), teamCampaignOf(c.req.valid('json'))));
        return sendData(c, result);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/teams/{id}/campaigns/{campaignId}',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: CampaignParam },
        responses: { 200: dataOf(z.object({ teamId: z.string(), campaignId: z.string(), removed: z.literal(true) }), 'Removed') },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const result = unwrap(await deps.roster.removeCampaign(c.get('tenant'), requireId(p.id, 'Team'), requireId(p.campaignId, 'Team campaign')));
        return sendData(c, { ...result, removed: true as const });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/teams/{id}/overrides',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: TeamParam, body: json(OverridesBody) },
        responses: { 200: dataOf(z.object({ campaignId: z.string(), updated: z.number().int(), skipped: z.array(z.string()) }), 'Overrides saved') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = unwrap(
          await deps.roster.setOverrides(c.get('tenant'), requireId(c.req.valid('param').id, 'Team'), {
            campaignId: knownId(body.campaignId, 'Campaign'),
            affiliateIds: body.affiliateIds,
            commissionType: body.commissionType,
            commissionValue: amount(body.commissionValue, 'commissionValue'),
            recurringValue: body.recurringValue === undefined ? null : amount(body.recurringValue, 'recurringValue'),
          }),
        );
        return sendData(c, { campaignId: result.campaignId, updated: result.updated, skipped: [...result.skipped] });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/teams/{id}/goals',
        tags: ['Teams'],
        middleware: [scale] as const,
        request: { params: TeamParam },
        responses: { 200: dataOf(z.array(GoalListItemSchema), 'Goals, oldest first, with progress (active goals) and award summaries') },
      }),
      async (c) => {
        const views = unwrap(await deps.reads.goals(c.get('tenant'), requireId(c.req.valid('param').id, 'Team')));
        return sendData(c, views.map(goalListItemJson));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/teams/{id}/goals',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: TeamParam, body: json(GoalBody) },
        responses: { 201: dataOf(GoalSchema, 'Created, active') },
      }),
      async (c) => {
        const teamId = requireId(c.req.valid('param').id, 'Team');
        const created = unwrap(await deps.goals.create(c.get('tenant'), teamId, newGoalOf(c.req.valid('json'))));
        return sendData(c, goalJson(created.goal, created.currency), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/teams/{id}/goals/{goalId}',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
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
          await deps.goals.act(c.get('tenant'), requireId(p.id, 'Team'), requireId(p.goalId, 'Goal'), {
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
      createRoute({
        method: 'get',
        path: '/teams/{id}/awards',
        tags: ['Teams'],
        middleware: [scale] as const,
        request: { params: TeamParam, query: AwardListQuery },
        responses: { 200: pageOf(AwardSchema, "The team's awards, newest first") },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const page = unwrap(
          await deps.reads.teamAwards(c.get('tenant'), requireId(c.req.valid('param').id, 'Team'), { status: q.status }, { page: q.page, limit: q.limit }),
        );
        return sendPage(c, page, awardJson);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/teams/{id}/awards/{awardId}',
        tags: ['Teams'],
        middleware: [scale, requireWriteKey, liveOnly] as const,
        request: { params: AwardParam, body: json(AwardActionBody) },
        responses: { 200: dataOf(AwardManagedSchema, 'The award after the action') },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const result = unwrap(
          await deps.awards.act(
            c.get('tenant'),
            requireId(p.id, 'Team'),
            requireId(p.awardId, 'Award'),
            c.req.valid('json').action,
            c.get('principal').key.id,
          ),
        );
        return sendData(c, { ...awardJson(result.view), idempotent: result.idempotent });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/teams/{id}/history',
        tags: ['Teams'],
        middleware: [scale] as const,
        request: { params: TeamParam, query: HistoryQuery },
        responses: { 200: dataOf(HistorySchema, 'Periods, newest first') },
      }),
      async (c) => {
        const history = unwrap(await deps.reads.history(c.get('tenant'), requireId(c.req.valid('param').id, 'Team'), c.req.valid('query').months));
        return sendData(c, historyJson(history));
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/awards',
        tags: ['Teams'],
        middleware: [scale] as const,
        request: { query: LedgerQuery },
        responses: { 200: pageOf(AwardSchema, 'The brand-wide award ledger, newest first') },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const page = { page: q.page, limit: q.limit };
        // A filter on an id that cannot exist matches nothing.
        if ([q.affiliateId, q.teamId].some((id) => id !== undefined && !isUuid(id))) {
          return sendPage(c, { items: [], total: 0, ...page }, awardJson);
        }
        const result = await deps.reads.awards(
          c.get('tenant'),
          { status: q.status, periodKey: q.periodKey, affiliateId: q.affiliateId?.toLowerCase(), teamId: q.teamId?.toLowerCase() },
          page,
        );
        return sendPage(c, result, awardJson);
      },
    );
