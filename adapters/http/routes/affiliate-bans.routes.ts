import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { BanAffiliate, BanOutcome, UnbanAffiliate } from '../../../application/affiliates/ban-affiliate.js';
import { BAN_REASON_MAX, type AffiliateBan } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';

export interface AffiliateBanRouteDependencies {
  readonly ban: BanAffiliate;
  readonly unban: UnbanAffiliate;
}

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const BanBody = z
  .object({ reason: z.string().max(BAN_REASON_MAX).openapi({ description: 'Why, in the merchant\'s words (kept with the ban and sent in `affiliate.banned`)' }) })
  .openapi('BanAffiliate', { example: { reason: 'Self-referred sales through a coupon site' } });

export const AffiliateBanSchema = z
  .object({
    affiliateId: z.string(),
    banned: z.boolean(),
    reason: z.string(),
    bannedAt: z.string(),
  })
  .openapi('AffiliateBan', { 'x-extension': true });

const BanOutcomeSchema = AffiliateBanSchema.extend({
  suspendedMemberships: z.number().int().openapi({ description: 'Approved memberships suspended (pending ones are rejected)' }),
  rejectedConversions: z.number().int().openapi({ description: 'Pending and held sales rejected' }),
  heldConversions: z.number().int().openapi({ description: 'Approved, unpaid sales held for the merchant to decide' }),
  cancelledPayouts: z.number().int().openapi({ description: 'Queued payouts cancelled by those holds' }),
  skippedConversions: z.number().int().openapi({ description: 'Approved sales whose payout is already with the provider: left as they are' }),
}).openapi('AffiliateBanOutcome', { 'x-extension': true });

const banJson = (ban: AffiliateBan, banned: boolean) => ({ affiliateId: ban.affiliateId, banned, reason: ban.reason, bannedAt: ban.bannedAt.toISOString() });
const outcomeJson = (o: BanOutcome) => ({
  ...banJson(o.ban, true),
  suspendedMemberships: o.suspendedMemberships,
  rejectedConversions: o.rejectedConversions,
  heldConversions: o.heldConversions,
  cancelledPayouts: o.cancelledPayouts,
  skippedConversions: o.skippedConversions,
});

const tags = ['Affiliates'];

/** `POST /affiliates/:id/ban` and `/unban`: one action against a fraudulent affiliate, and its undo. */
export const affiliateBanRoutes = (deps: AffiliateBanRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/{id}/ban',
        tags,
        summary: 'Ban an affiliate at this merchant',
        description:
          'Write keys. In one step, each through its state machine: approved memberships become `suspended` (pending ones `rejected`), pending and held sales `rejected`, approved unpaid sales `held` (their queued payouts cancelled; release or reject each later); paid and refunded sales stay as history. While banned, approving a membership answers `409 invalid_transition`. Emits the membership and conversion events, then `affiliate.banned`. Banning a banned affiliate answers `409 invalid_transition`; another merchant\'s affiliate `404`.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam, body: { content: { 'application/json': { schema: BanBody } }, required: true } },
        responses: { 200: { description: 'The ban and what it changed', content: { 'application/json': { schema: z.object({ data: BanOutcomeSchema }) } } } },
      }),
      async (c) => {
        const affiliateId = requireId(c.req.valid('param').id, 'Affiliate');
        const result = await deps.ban.execute({ tenant: c.get('tenant'), affiliateId, reason: c.req.valid('json').reason });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, outcomeJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/{id}/unban',
        tags,
        summary: 'Lift a ban',
        description:
          'Write keys. Lifts the ban and emits `affiliate.unbanned`. Memberships stay suspended or rejected: approve each campaign again with `PATCH /affiliates/:id`; held and rejected sales stay as the ban left them. An affiliate that is not banned answers `409 invalid_transition`.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam },
        responses: { 200: { description: 'The lifted ban', content: { 'application/json': { schema: z.object({ data: AffiliateBanSchema }) } } } },
      }),
      async (c) => {
        const affiliateId = requireId(c.req.valid('param').id, 'Affiliate');
        const result = await deps.unban.execute({ tenant: c.get('tenant'), affiliateId });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, banJson(result.value, false));
      },
    );
