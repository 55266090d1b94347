import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CreateAffiliate } from '../../../application/affiliates/create-affiliate.js';
import type { DecideMembership } from '../../../application/affiliates/decide-membership.js';
import type { GetAffiliate } from '../../../application/affiliates/get-affiliate.js';
import type { InviteAffiliate } from '../../../application/affiliates/invite-affiliate.js';
import type { ListAffiliates } from '../../../application/affiliates/list-affiliates.js';
import { AFFILIATE_SORT_FIELDS, type AffiliateSortField } from '../../../application/ports/affiliate-queries.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { routeRateLimit } from '../middleware/rate-limit.js';
import { pageQuery, validationHook } from '../validation.js';
import {
  affiliateDetailJson,
  AffiliateDetailSchema,
  affiliateListItemJson,
  AffiliateListItemSchema,
  invitationJson,
  InvitationSchema,
} from './affiliate.json.js';
import { requireId } from './path-id.js';
import { risksOf } from './risk.json.js';
import type { RiskFlagStore } from '../../../application/ports/risk-flag-store.js';
import { parseSort, sortParam } from './sort.js';

/** `POST /affiliates/invite` has its own limit besides the plan's (spec, Limits). */
export const INVITES_PER_MINUTE = 10;

const email = z.email().max(320).openapi({ example: 'ada@example.com' });
const name = z.string().trim().min(1).max(200);
const campaignId = z.string().openapi({ description: 'A campaign of the calling merchant' });

const AffiliateBody = z.object({ email, name: name.optional(), campaignId });
export const CreateAffiliateBody = AffiliateBody.openapi('CreateAffiliate');
export const InviteAffiliateBody = AffiliateBody.openapi('InviteAffiliate');
export const DecideBody = z
  .object({
    campaignId,
    status: z.enum(['approved', 'rejected', 'suspended']).openapi({
      description:
        '`approved` (from pending, suspended or rejected), `rejected` (from pending), `suspended` (from approved: earns nothing new until approved again)',
    }),
  })
  .openapi('DecideAffiliateMembership', { example: { campaignId: '0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f', status: 'suspended' } });
const ListQuery = z.object({
  ...pageQuery,
  campaignId: campaignId.optional(),
  status: z
    .enum(['approved', 'pending', 'suspended'])
    .optional()
    .openapi({ description: 'Default: pending and approved. Suspended memberships are listed only with `suspended`' }),
  sort: sortParam(AFFILIATE_SORT_FIELDS, 'joinedAt:desc'),
});
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

export interface AffiliateRouteDependencies {
  listAffiliates: ListAffiliates;
  getAffiliate: GetAffiliate;
  createAffiliate: CreateAffiliate;
  inviteAffiliate: InviteAffiliate;
  decideMembership: DecideMembership;
  /** The flags risk signals left on affiliates (the `risk` field). */
  riskFlags: RiskFlagStore;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/** `/affiliates`: everything is seen through the merchant's campaign memberships in the key's mode. */
export const affiliateRoutes = (deps: AffiliateRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/affiliates',
        tags: ['Affiliates'],
        summary: 'One row per pending or approved affiliate-campaign membership',
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'A page of affiliates',
            content: {
              'application/json': {
                schema: z.object({
                  data: z.array(AffiliateListItemSchema),
                  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
                }),
              },
            },
          },
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const result = await deps.listAffiliates.execute({
          tenant: c.get('tenant'),
          merchant: c.get('principal').merchant,
          filter: {
            campaignId: query.campaignId === undefined ? undefined : requireId(query.campaignId, 'Campaign'),
            status: query.status,
          },
          sort: parseSort<AffiliateSortField>(query.sort),
          page: { page: query.page, limit: query.limit },
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendPage(c, result.value, affiliateListItemJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/invite',
        tags: ['Affiliates'],
        summary: 'Invite an affiliate by email (10 a minute; the plan affiliate limit applies)',
        middleware: [requireWriteKey, routeRateLimit(deps.rateLimiter, deps.clock, 'affiliates:invite', INVITES_PER_MINUTE)] as const,
        request: { body: json(InviteAffiliateBody) },
        responses: { 201: dataOf(InvitationSchema, 'Invitation recorded (and emailed for live keys)') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await deps.inviteAffiliate.execute({
          tenant: c.get('tenant'),
          email: body.email,
          name: body.name,
          campaignId: requireId(body.campaignId, 'Campaign'),
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, invitationJson(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates',
        tags: ['Affiliates'],
        summary: 'Create a headless affiliate, approved on the campaign at once (Ultimate or Scale)',
        middleware: [requirePlan('ultimate', 'Creating affiliates'), requireWriteKey] as const,
        request: { body: json(CreateAffiliateBody) },
        responses: { 201: dataOf(AffiliateListItemSchema, 'Created') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await deps.createAffiliate.execute({
          tenant: c.get('tenant'),
          email: body.email,
          name: body.name,
          campaignId: requireId(body.campaignId, 'Campaign'),
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, affiliateListItemJson(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/affiliates/{id}',
        tags: ['Affiliates'],
        summary: "An affiliate with its campaigns and its earnings in the key's mode",
        request: { params: IdParam },
        responses: { 200: dataOf(AffiliateDetailSchema, 'The affiliate') },
      }),
      async (c) => {
        const result = await deps.getAffiliate.execute(c.get('tenant'), requireId(c.req.valid('param').id, 'Affiliate'));
        if (result.isErr()) throw ApiError.from(result.error);
        const id = result.value.affiliate.id;
        const risk = await risksOf(deps.riskFlags, c.get('tenant'), 'affiliate', [id]);
        return sendData(c, { ...affiliateDetailJson(result.value), risk: risk(id) });
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/affiliates/{id}',
        tags: ['Affiliates'],
        summary: 'Approve, reject, suspend or reinstate an affiliate on one campaign',
        description:
          'Moves the affiliate\'s membership on `campaignId`: `pending → approved | rejected`, `approved → suspended`, `suspended → approved`, `rejected → approved`; anything else answers `409 invalid_transition` and changes nothing. Emits `affiliate.approved`, `affiliate.rejected` or `affiliate.suspended`. A suspended affiliate keeps what it earned but earns nothing new: its tracking links still send visitors on but record no click, new conversions answer `400 affiliate_not_approved`, and it leaves its teams\' rosters.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam, body: json(DecideBody) },
        responses: { 200: dataOf(AffiliateListItemSchema, 'The membership after the decision') },
      }),
      async (c) => {
        const affiliateId = requireId(c.req.valid('param').id, 'Affiliate');
        const body = c.req.valid('json');
        const result = await deps.decideMembership.execute({
          tenant: c.get('tenant'),
          merchant: c.get('principal').merchant,
          affiliateId,
          campaignId: requireId(body.campaignId, 'Campaign'),
          status: body.status,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, affiliateListItemJson(result.value));
      },
    );
