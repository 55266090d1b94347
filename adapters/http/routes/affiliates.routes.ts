import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CreateAffiliate } from '../../../application/affiliates/create-affiliate.js';
import type { DecideMembership } from '../../../application/affiliates/decide-membership.js';
import type { EditAffiliate } from '../../../application/affiliates/edit-affiliate.js';
import type { Context } from 'hono';
import { AFFILIATE_NOTES_MAX, AFFILIATE_TAG_MAX, AFFILIATE_TAGS_MAX } from '../../../domain/index.js';
import type { GetAffiliate } from '../../../application/affiliates/get-affiliate.js';
import type { InviteAffiliate } from '../../../application/affiliates/invite-affiliate.js';
import type { ListAffiliates } from '../../../application/affiliates/list-affiliates.js';
import { AFFILIATE_SORT_FIELDS, type AffiliateSortField } from '../../../application/ports/affiliate-queries.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requestOriginOf } from '../middleware/audit.js';
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
/** The merchant's own fields on the record (an extension): name, email (headless records only), notes and tags. */
const profileFields = {
  name: name.optional(),
  email: email.optional().openapi({ description: 'Only for headless affiliates: one who signed up signs in with its email', 'x-extension': true }),
  notes: z.string().max(AFFILIATE_NOTES_MAX).optional().openapi({ description: 'The merchant\'s notes; never shown to the affiliate', 'x-extension': true }),
  tags: z
    .array(z.string().trim().min(1).max(AFFILIATE_TAG_MAX))
    .max(AFFILIATE_TAGS_MAX)
    .optional()
    .openapi({ description: 'Replaces the tags; each kept once (case-insensitive)', 'x-extension': true }),
};
export const PatchAffiliateBody = z
  .object({
    campaignId: campaignId.optional(),
    status: DecideBody.shape.status.optional(),
    ...profileFields,
  })
  .openapi('PatchAffiliate', { example: { campaignId: '0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f', status: 'suspended' } });
export const EditAffiliateBody = z.object(profileFields).openapi('EditAffiliate');
const ListQuery = z.object({
  ...pageQuery,
  campaignId: campaignId.optional(),
  status: z
    .enum(['approved', 'pending', 'suspended'])
    .optional()
    .openapi({ description: 'Default: pending and approved. Suspended memberships are listed only with `suspended`' }),
  sort: sortParam(AFFILIATE_SORT_FIELDS, 'joinedAt:desc'),
  tag: z.string().max(AFFILIATE_TAG_MAX).optional().openapi({ description: 'Only affiliates carrying this tag (case-insensitive)', 'x-extension': true }),
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
  editAffiliate: EditAffiliate;
  /** The flags risk signals left on affiliates (the `risk` field). */
  riskFlags: RiskFlagStore;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/** `/affiliates`: everything is seen through the merchant's campaign memberships in the key's mode. */
export const affiliateRoutes = (deps: AffiliateRouteDependencies) => {
  const detailResponse = async (c: Context<AppEnv>, affiliateId: string) => {
    const result = await deps.getAffiliate.execute(c.get('tenant'), affiliateId);
    if (result.isErr()) throw ApiError.from(result.error);
    const id = result.value.affiliate.id;
    const risk = await risksOf(deps.riskFlags, c.get('tenant'), 'affiliate', [id]);
    return sendData(c, { ...affiliateDetailJson(result.value), risk: risk(id) });
  };
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
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
            tag: query.tag,
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
      (c) => detailResponse(c, requireId(c.req.valid('param').id, 'Affiliate')),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/affiliates/{id}',
        tags: ['Affiliates'],
        summary: "Approve, reject, suspend or reinstate an affiliate on one campaign, or edit the merchant's fields of its record",
        description:
          'With `campaignId` and `status`: moves the affiliate\'s membership on `campaignId`: `pending → approved | rejected`, `approved → suspended`, `suspended → approved`, `rejected → approved`; anything else answers `409 invalid_transition` and changes nothing. Emits `affiliate.approved`, `affiliate.rejected` or `affiliate.suspended`. A suspended affiliate keeps what it earned but earns nothing new: its tracking links still send visitors on but record no click, new conversions answer `400 affiliate_not_approved`, and it leaves its teams\' rosters. Answers the membership\'s list item.\n\nExtension: with `name`, `email`, `notes` or `tags` instead (never together with `campaignId`/`status`): edits the merchant\'s record of the affiliate and answers the affiliate as `GET /affiliates/{id}` does. The email stays unique at the merchant (`409 duplicate`) and moves only on headless affiliates. No event.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam, body: json(PatchAffiliateBody) },
        responses: {
          200: dataOf(z.union([AffiliateListItemSchema, AffiliateDetailSchema]), 'The membership after the decision, or the affiliate after the edit'),
        },
      }),
      async (c) => {
        const affiliateId = requireId(c.req.valid('param').id, 'Affiliate');
        const body = c.req.valid('json');
        const { campaignId: decideOn, status, ...profile } = body;
        const editing = Object.values(profile).some((v) => v !== undefined);
        if (editing && (decideOn !== undefined || status !== undefined)) {
          throw new ApiError('validation_error', 'A membership decision and an edit of the record are separate requests', [{ field: 'campaignId', message: 'must not come with name, email, notes or tags' }]);
        }
        if (editing) {
          const edited = await deps.editAffiliate.execute({ tenant: c.get('tenant'), affiliateId, ...profile });
          if (edited.isErr()) throw ApiError.from(edited.error);
          return detailResponse(c, affiliateId);
        }
        if (decideOn === undefined || status === undefined) {
          throw new ApiError('validation_error', 'Send campaignId with status, or name, email, notes or tags', [{ field: decideOn === undefined ? 'campaignId' : 'status', message: 'is required' }]);
        }
        const result = await deps.decideMembership.execute({
          tenant: c.get('tenant'),
          merchant: c.get('principal').merchant,
          affiliateId,
          campaignId: requireId(decideOn, 'Campaign'),
          status,
          // The decision records the request's audit row with it.
          request: { actor: c.get('principal').actor, origin: requestOriginOf(c, 200) },
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, affiliateListItemJson(result.value));
      },
    );
};
