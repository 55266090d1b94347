import { z } from '@hono/zod-openapi';
import type { DecideMembership } from '../../../application/affiliates/decide-membership.js';
import type { UpdateCampaign } from '../../../application/campaigns/update-campaign.js';
import { AUTO_APPROVE_COMMISSION_DAYS } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { liveKeyRefusal, planRefusal, writeKeyRefusal } from '../../http/middleware/guards.js';
import { affiliateListItemJson, AffiliateListItemSchema } from '../../http/routes/affiliate.json.js';
import { DecideBody } from '../../http/routes/affiliates.routes.js';
import { campaignDetailJson, CampaignDetailSchema } from '../../http/routes/campaign.json.js';
import { toCampaignPatch, UpdateCampaignBody } from '../../http/routes/campaigns.routes.js';
import { requireId } from '../../http/routes/path-id.js';
import { defineTool } from '../tool.js';

export interface ProgramToolDependencies {
  readonly updateCampaign: UpdateCampaign;
  readonly decideMembership: DecideMembership;
}

export const ASK_USER_BEFORE_CHANGING =
  'Nothing was changed. Do not resend on your own: tell the user exactly what would change (shown above), ask whether to go ahead, ' +
  'and only if the user explicitly agrees call the tool again with the same arguments and confirm: true';

const confirm = z
  .boolean()
  .optional()
  .describe('The user explicitly agreed to this change after being told what it does; absent means not confirmed');

/** Campaign fields whose change moves money or stops earnings: previewed, and made only on the preview's token. */
export const CAMPAIGN_MONEY_TERMS = [
  'commissionType',
  'commissionValue',
  'status',
  'endsAt',
  'autoApproveCommissionsAfterDays',
  'enableRecurringCommissions',
  'recurringCommissionMonths',
] as const;

export const UpdateCampaignToolInput = z.object({
  id: z.string().min(1).describe('The campaign id (from search or fetch, without the "campaign:" prefix)'),
  ...UpdateCampaignBody.shape,
  // The values the campaign rules accept, as an enum the assistant sees (the route's schema documents the same).
  autoApproveCommissionsAfterDays: z
    .literal(AUTO_APPROVE_COMMISSION_DAYS)
    .nullable()
    .optional()
    .describe('7, 14, 30, 60, 90 or null (no automatic approval); changing it needs Manage payouts on team-member keys'),
});

export const updateCampaignTool = (deps: ProgramToolDependencies) =>
  defineTool({
    name: 'update_campaign',
    title: 'Change, pause or end a campaign',
    description:
      'Changes a campaign exactly as PATCH /api/v1/campaigns/{id}: any of name, description, targetUrl, commissionType, commissionValue, ' +
      'status (active, inactive = paused, expired = ended for good), endsAt, autoApproveAffiliates, autoApproveCommissionsAfterDays, isPublic, ' +
      'enableRecurringCommissions, recurringCommissionMonths, attributionWindowDays. A new rate applies to sales made from then on. A call ' +
      'that changes a money term (the rate, the status, endsAt, automatic approval, recurring terms) is a money move: without ' +
      'confirmationToken it changes nothing and answers a preview of each term before and after; other changes apply at once. ' +
      'Needs a live write key on Ultimate or Scale.',
    input: UpdateCampaignToolInput,
    output: CampaignDetailSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    write: {
      successStatus: 200,
      target: (args) => ({ method: 'PATCH', path: `/api/v1/campaigns/${typeof args.id === 'string' ? encodeURIComponent(args.id) : ''}` }),
    },
    guard: (ctx) =>
      planRefusal(ctx.principal, 'ultimate', 'Changing campaigns') ?? writeKeyRefusal(ctx.principal) ?? liveKeyRefusal(ctx.tenant, 'Changing campaigns'),
    // Money terms are confirmed by the preview's token before this runs (confirmation/campaign-terms-preview.ts).
    async run({ id, ...body }, ctx) {
      // The change records the call's audit row with it, as `PATCH /campaigns/:id` does.
      const result = await deps.updateCampaign.execute({
        tenant: ctx.tenant,
        actor: ctx.principal.actor,
        id: requireId(id, 'Campaign'),
        patch: toCampaignPatch(body),
        origin: ctx.requestOrigin(),
      });
      if (result.isErr()) throw ApiError.from(result.error);
      return campaignDetailJson(result.value);
    },
  });

export const UpdateAffiliateToolInput = z.object({
  id: z.string().min(1).describe('The affiliate id (from search or fetch, without the "affiliate:" prefix)'),
  ...DecideBody.shape,
  confirm,
});

export const updateAffiliateTool = (deps: ProgramToolDependencies) =>
  defineTool({
    name: 'update_affiliate',
    title: 'Approve, reject, suspend or reinstate an affiliate on a campaign',
    description:
      "Moves an affiliate's membership on one campaign exactly as PATCH /api/v1/affiliates/{id}: approved (from pending, suspended or rejected), " +
      'rejected (from pending), suspended (from approved). A suspended affiliate keeps what it earned but earns nothing new and leaves its ' +
      'teams. Suspending is refused with confirmation_required until resent with confirm: true, which you may only do after the user agreed. ' +
      'Other moves answer 409 invalid_transition. Needs a write key.',
    input: UpdateAffiliateToolInput,
    output: AffiliateListItemSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    write: {
      successStatus: 200,
      target: (args) => ({ method: 'PATCH', path: `/api/v1/affiliates/${typeof args.id === 'string' ? encodeURIComponent(args.id) : ''}` }),
    },
    guard: (ctx) => writeKeyRefusal(ctx.principal),
    async run({ id, confirm: confirmed, campaignId, status }, ctx) {
      if (status === 'suspended' && confirmed !== true) {
        throw new ApiError('confirmation_required', 'Suspending the affiliate stops its earnings on the campaign and takes it off its teams');
      }
      const result = await deps.decideMembership.execute({
        tenant: ctx.tenant,
        merchant: ctx.principal.merchant,
        affiliateId: requireId(id, 'Affiliate'),
        campaignId: requireId(campaignId, 'Campaign'),
        status,
        // The decision records the call's audit row with it, as `PATCH /affiliates/:id` does.
        request: { actor: ctx.principal.actor, origin: ctx.requestOrigin() },
      });
      if (result.isErr()) throw ApiError.from(result.error);
      return affiliateListItemJson(result.value);
    },
    advise: (error) => (error.code === 'confirmation_required' ? ASK_USER_BEFORE_CHANGING : undefined),
  });
