import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ManageInvitations } from '../../../application/affiliates/manage-invitations.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import { INVITATION_STATUSES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requireWriteKey } from '../middleware/guards.js';
import { routeRateLimit } from '../middleware/rate-limit.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';
import { invitationJson, InvitationSchema } from './affiliate.json.js';
import { INVITES_PER_MINUTE } from './affiliates.routes.js';
import { requireId } from './path-id.js';

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const ListQuery = z.object({
  ...pageQuery,
  status: z.enum(INVITATION_STATUSES).optional().openapi({ description: 'Only invitations in this status' }),
});
const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

export interface InvitationRouteDependencies {
  readonly manageInvitations: ManageInvitations;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
}

/**
 * `/affiliates/invitations`: what became of the invitations `POST /affiliates/invite` sent. Mounted
 * before `/affiliates/{id}`, whose path would otherwise take `invitations` for an affiliate id.
 */
export const invitationRoutes = (deps: InvitationRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/affiliates/invitations',
        tags: ['Affiliates'],
        summary: "The key mode's invitations, newest first",
        description:
          '`pending` until accepted in the affiliate portal, revoked by the merchant, or expired: an invitation expires `invitationExpiryDays` (a merchant setting, default 14) after it was last sent.',
        'x-extension': true,
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'A page of invitations',
            content: { 'application/json': { schema: z.object({ data: z.array(InvitationSchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const { page, limit, status } = c.req.valid('query');
        return sendPage(c, await deps.manageInvitations.list(c.get('tenant'), { status }, { page, limit }), invitationJson);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/affiliates/invitations/{id}',
        tags: ['Affiliates'],
        summary: 'Revoke a pending invitation',
        description:
          'The invitation becomes `revoked`: its link stops working, and the email may be invited to the campaign again. Revoking a revoked invitation changes nothing; an accepted or expired one answers `409 invalid_transition`.',
        'x-extension': true,
        middleware: [requireWriteKey] as const,
        request: { params: IdParam },
        responses: { 200: dataOf(InvitationSchema, 'The revoked invitation') },
      }),
      async (c) => {
        const result = await deps.manageInvitations.revoke(c.get('tenant'), requireId(c.req.valid('param').id, 'Invitation'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, invitationJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/invitations/{id}/resend',
        tags: ['Affiliates'],
        summary: 'Send a pending invitation again (10 a minute with invites)',
        description:
          'Emails the same invitation again (live keys; test keys send nothing) and keeps its link working for another `invitationExpiryDays` from now; `sendCount` grows. Counts against the invitation limit of 10 a minute. Only a pending invitation whose time has not passed can be resent; others answer `409 invalid_transition` (invite the email again instead).',
        'x-extension': true,
        middleware: [requireWriteKey, routeRateLimit(deps.rateLimiter, deps.clock, 'affiliates:invite', INVITES_PER_MINUTE)] as const,
        request: { params: IdParam },
        responses: { 200: dataOf(InvitationSchema, 'The invitation, sent again') },
      }),
      async (c) => {
        const result = await deps.manageInvitations.resend(c.get('tenant'), requireId(c.req.valid('param').id, 'Invitation'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, invitationJson(result.value));
      },
    );
