import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ROSTER_BATCH_MAX } from '../../../application/teams/team-roster.js';
import type { AppEnv } from '../app-env.js';
import { sendData, sendPage } from '../envelope.js';
import { pageQuery, validationHook } from '../validation.js';
import { requireId } from './path-id.js';
import {
  MembersAddedSchema,
  membersAddedJson,
  TeamCreatedSchema,
  teamCreatedJson,
  TeamDetailSchema,
  teamDetailJson,
  TeamListItemSchema,
  teamListItemJson,
} from './team.json.js';
import { overridesOf, TeamChangesBody, teamChangesOf, TeamOverridesBody } from './team.input.js';
import {
  dataOf,
  json,
  optionalAmount,
  param,
  pageOf,
  RateType,
  TeamParam,
  teamIdOf,
  teamRead,
  teamWrite,
  unwrap,
  type TeamRouteDependencies,
} from './team-route-kit.js';
import { knownId } from './path-id.js';

export type { TeamRouteDependencies } from './team-route-kit.js';

export const TeamBody = z
  .object({
    name: z.string().openapi({ description: '1 to 120 characters' }),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code').optional(),
    baseCommissionType: RateType.optional(),
    baseCommissionValue: z.number().optional().openapi({ description: 'percent at most 100, fixed at most 100000' }),
  })
  .openapi('CreateTeam');

export const MembersBody = z.object({ affiliateIds: z.array(z.string()).min(1).max(ROSTER_BATCH_MAX) }).openapi('AddTeamMembers');

export const TeamCampaignBody = z
  .object({ campaignId: z.string(), baseCommissionType: RateType.optional(), baseCommissionValue: z.number().optional() })
  .openapi('AddTeamCampaign');

const MemberParam = z.object({ id: param('id'), affiliateId: param('affiliateId') });
const CampaignParam = z.object({ id: param('id'), campaignId: param('campaignId') });

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

/** Teams, their members, campaigns and per-member overrides (goals and awards have routers of their own). */
export const teamRoutes = (deps: TeamRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      teamRead({
        method: 'get',
        path: '/teams',
        request: { query: z.object(pageQuery) },
        responses: { 200: pageOf(TeamListItemSchema, 'Teams, newest first (test keys: none)') },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return sendPage(c, await deps.reads.list(c.get('tenant'), { page: q.page, limit: q.limit }), teamListItemJson);
      },
    )
    .openapi(
      teamWrite({
        method: 'post',
        path: '/teams',
        request: { body: json(TeamBody) },
        responses: { 201: dataOf(TeamCreatedSchema, 'Created') },
      }),
      async (c) => {
        const team = unwrap(await deps.manageTeams.create(c.get('tenant'), newTeamOf(c.req.valid('json'))));
        return sendData(c, teamCreatedJson(team), 201);
      },
    )
    .openapi(
      teamRead({
        method: 'get',
        path: '/teams/{id}',
        request: { params: TeamParam },
        responses: { 200: dataOf(TeamDetailSchema, 'The team with members, campaigns and goals') },
      }),
      async (c) => {
        const detail = unwrap(await deps.reads.get(c.get('tenant'), teamIdOf(c.req.valid('param').id)));
        return sendData(c, teamDetailJson(detail));
      },
    )
    .openapi(
      teamWrite({
        method: 'patch',
        path: '/teams/{id}',
        request: { params: TeamParam, body: json(TeamChangesBody) },
        responses: { 200: dataOf(z.object({ id: z.string(), updated: z.literal(true) }), 'Updated') },
      }),
      async (c) => {
        const id = teamIdOf(c.req.valid('param').id);
        unwrap(await deps.manageTeams.update(c.get('tenant'), id, teamChangesOf(c.req.valid('json'))));
        return sendData(c, { id, updated: true as const });
      },
    )
    .openapi(
      teamWrite({
        method: 'delete',
        path: '/teams/{id}',
        request: { params: TeamParam },
        responses: { 200: dataOf(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted') },
      }),
      async (c) => {
        const { id } = unwrap(await deps.manageTeams.delete(c.get('tenant'), teamIdOf(c.req.valid('param').id)));
        return sendData(c, { id, deleted: true as const });
      },
    )
    .openapi(
      teamWrite({
        method: 'post',
        path: '/teams/{id}/members',
        request: { params: TeamParam, body: json(MembersBody) },
        responses: { 200: dataOf(MembersAddedSchema, 'Per affiliate: added, already a member, or skipped with the reason') },
      }),
      async (c) => {
        const result = unwrap(await deps.roster.addMembers(c.get('tenant'), teamIdOf(c.req.valid('param').id), c.req.valid('json').affiliateIds));
        return sendData(c, membersAddedJson(result));
      },
    )
    .openapi(
      teamWrite({
        method: 'delete',
        path: '/teams/{id}/members/{affiliateId}',
        request: { params: MemberParam },
        responses: { 200: dataOf(z.object({ teamId: z.string(), affiliateId: z.string(), removed: z.literal(true) }), 'Removed') },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const result = unwrap(await deps.roster.removeMember(c.get('tenant'), teamIdOf(p.id), requireId(p.affiliateId, 'Team member')));
        return sendData(c, { ...result, removed: true as const });
      },
    )
    .openapi(
      teamWrite({
        method: 'post',
        path: '/teams/{id}/campaigns',
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
        const result = unwrap(await deps.roster.addCampaign(c.get('tenant'), teamIdOf(c.req.valid('param').id), teamCampaignOf(c.req.valid('json'))));
        return sendData(c, result);
      },
    )
    .openapi(
      teamWrite({
        method: 'delete',
        path: '/teams/{id}/campaigns/{campaignId}',
        request: { params: CampaignParam },
        responses: { 200: dataOf(z.object({ teamId: z.string(), campaignId: z.string(), removed: z.literal(true) }), 'Removed') },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const result = unwrap(await deps.roster.removeCampaign(c.get('tenant'), teamIdOf(p.id), requireId(p.campaignId, 'Team campaign')));
        return sendData(c, { ...result, removed: true as const });
      },
    )
    .openapi(
      teamWrite({
        method: 'post',
        path: '/teams/{id}/overrides',
        request: { params: TeamParam, body: json(TeamOverridesBody) },
        responses: { 200: dataOf(z.object({ campaignId: z.string(), updated: z.number().int(), skipped: z.array(z.string()) }), 'Overrides saved') },
      }),
      async (c) => {
        const result = unwrap(await deps.roster.setOverrides(c.get('tenant'), teamIdOf(c.req.valid('param').id), overridesOf(c.req.valid('json'))));
        return sendData(c, { campaignId: result.campaignId, updated: result.updated, skipped: [...result.skipped] });
      },
    );
