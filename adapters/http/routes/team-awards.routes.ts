import { OpenAPIHono, z } from '@hono/zod-openapi';
import { AWARD_ACTIONS, AWARD_STATUSES } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { sendData, sendPage } from '../envelope.js';
import { pageQuery, validationHook } from '../validation.js';
import { requireId } from './path-id.js';
import { AwardManagedSchema, AwardSchema, awardJson } from './team-award.json.js';
import { dataOf, json, pageOf, param, TeamParam, teamIdOf, teamRead, teamWrite, unwrap, type TeamRouteDependencies } from './team-route-kit.js';

const AwardActionBody = z.object({ action: z.enum(AWARD_ACTIONS) }).openapi('TeamAwardAction');

const AwardListQuery = z.object({ status: z.enum(AWARD_STATUSES).optional(), ...pageQuery });
const LedgerQuery = z.object({
  status: z.enum(AWARD_STATUSES).optional(),
  periodKey: z.string().optional(),
  affiliateId: z.string().optional(),
  teamId: z.string().optional(),
  ...pageQuery,
});

const AwardParam = z.object({ id: param('id'), awardId: param('awardId') });

/** A team's awards, the actions on one, and the brand-wide award ledger. */
export const teamAwardRoutes = (deps: TeamRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      teamRead({
        method: 'get',
        path: '/teams/{id}/awards',
        request: { params: TeamParam, query: AwardListQuery },
        responses: { 200: pageOf(AwardSchema, "The team's awards, newest first") },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const page = unwrap(await deps.reads.teamAwards(c.get('tenant'), teamIdOf(c.req.valid('param').id), { status: q.status }, { page: q.page, limit: q.limit }));
        return sendPage(c, page, awardJson);
      },
    )
    .openapi(
      teamWrite({
        method: 'patch',
        path: '/teams/{id}/awards/{awardId}',
        request: { params: AwardParam, body: json(AwardActionBody) },
        responses: { 200: dataOf(AwardManagedSchema, 'The award after the action') },
      }),
      async (c) => {
        const p = c.req.valid('param');
        const result = unwrap(
          await deps.awards.act(c.get('tenant'), teamIdOf(p.id), requireId(p.awardId, 'Award'), c.req.valid('json').action, c.get('principal').actor),
        );
        return sendData(c, { ...awardJson(result.view), idempotent: result.idempotent });
      },
    )
    .openapi(
      teamRead({
        method: 'get',
        path: '/awards',
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
