import { mayManagePayouts } from '../../../application/shared/actor.js';
import type { GetCampaign } from '../../../application/campaigns/get-campaign.js';
import type { Clock } from '../../../application/ports/clock.js';
import { Decimal, updateCampaign, type Campaign } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { toCampaignPatch } from '../../http/routes/campaigns.routes.js';
import { requireId } from '../../http/routes/path-id.js';
import { CAMPAIGN_MONEY_TERMS, UpdateCampaignToolInput } from '../tools/program-tools.js';
import type { Previewer } from './confirm-first.js';
import type { PreviewRow } from './preview.js';

export interface CampaignTermsPreviewDependencies {
  readonly getCampaign: Pick<GetCampaign, 'execute'>;
  readonly clock: Clock;
}

const termText = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : value instanceof Decimal ? value.toFixed() : String(value);

/**
 * `update_campaign`: each money term the call changes (the rate, status, end, automatic approval,
 * recurring terms), before and after as the campaign machine computes it. A call that changes none
 * needs no confirmation (null), nor does one with invalid arguments: the call itself refuses those.
 */
export const campaignTermsPreview =
  (deps: CampaignTermsPreviewDependencies): Previewer =>
  async (args, ctx) => {
    const parsed = UpdateCampaignToolInput.safeParse(args);
    if (!parsed.success || Object.keys(args).some((key) => !(key in UpdateCampaignToolInput.shape))) return null;
    const { id, ...body } = parsed.data;
    const terms = CAMPAIGN_MONEY_TERMS.filter((field) => body[field] !== undefined);
    if (terms.length === 0) return null;
    const found = await deps.getCampaign.execute(ctx.tenant, requireId(id, 'Campaign'));
    if (found.isErr()) throw ApiError.from(found.error);
    const before: Campaign = found.value.campaign;
    const changed = updateCampaign(before, toCampaignPatch(body), deps.clock.now());
    if (changed.isErr()) throw ApiError.from(changed.error);
    const after = changed.value.campaign;
    if (body.autoApproveCommissionsAfterDays !== undefined && after.autoApproveCommissionsAfterDays !== before.autoApproveCommissionsAfterDays && !mayManagePayouts(ctx.principal.actor)) {
      throw new ApiError('insufficient_permissions', 'Changing autoApproveCommissionsAfterDays needs the Manage payouts permission');
    }
    // The campaign's updatedAt in every row: any change to it meanwhile makes the preview stale.
    const rows: PreviewRow[] = terms.map((term) => ({
      type: 'campaign_term',
      id: before.id,
      currency: null,
      before: { term, value: termText(before[term]), updatedAt: before.updatedAt.toISOString() },
      after: { term, value: termText(after[term]) },
      owedBefore: null,
      owedAfter: null,
    }));
    const moved = rows.filter((row) => row.before.value !== row.after.value);
    const summary =
      moved.length === 0
        ? `Campaign "${before.name}": no money term changes (${terms.join(', ')} already as asked)`
        : `Campaign "${before.name}": ${moved.map((row) => `${row.before.term} ${row.before.value ?? 'none'} → ${row.after.value ?? 'none'}`).join(', ')}; applies to sales made from now on`;
    return { summary, rows, totals: [], warnings: [] };
  };
