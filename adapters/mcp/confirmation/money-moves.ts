import type { Confirmations } from '../../../application/assistant/confirmations.js';
import { payoutManagementRefusal } from '../../http/routes/payout-configuration.guards.js';
import { liveKeyRefusal, planRefusal } from '../../http/middleware/guards.js';
import type { McpTool } from '../tool.js';
import { banPreview, type BanPreviewDependencies } from './ban-preview.js';
import { campaignTermsPreview, type CampaignTermsPreviewDependencies } from './campaign-terms-preview.js';
import { confirmFirst, type Previewer } from './confirm-first.js';
import { awardActionPreview, conversionStatusPreview, markPaidPreview, overridesPreview, refundPreview, type MoneyPreviewDependencies } from './money-previews.js';
import type { Principal } from '../../../application/shared/actor.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { ApiError } from '../../http/api-error.js';

export type MoneyMoveDependencies = MoneyPreviewDependencies &
  BanPreviewDependencies &
  CampaignTermsPreviewDependencies & { readonly confirmations: Confirmations };

/** The tools that move money, each with the preview its first call answers. */
const previewers = (deps: MoneyMoveDependencies): Readonly<Record<string, Previewer>> => ({
  update_conversion: conversionStatusPreview(deps),
  refund_conversion: refundPreview(deps),
  mark_payouts_paid: markPaidPreview(deps),
  update_team_award: awardActionPreview(deps),
  set_team_overrides: overridesPreview(deps),
  ban_affiliate: banPreview(deps),
  update_campaign: campaignTermsPreview(deps),
});

/** Guards beyond the write key that the call answers first, so a caller who may not make the change gets no preview. */
const extraGuards: Readonly<Record<string, (principal: Principal, tenant: Tenant) => ApiError | null>> = {
  // Manual payouts also need Manage payouts (the route's guard).
  mark_payouts_paid: payoutManagementRefusal,
  update_campaign: (principal, tenant) => planRefusal(principal, 'ultimate', 'Changing campaigns') ?? liveKeyRefusal(tenant, 'Changing campaigns'),
};

/** Wraps the money-moving tools of the list in preview-then-confirm; the others pass as they are. */
export const withMoneyConfirmation = (tools: readonly McpTool[], deps: MoneyMoveDependencies): McpTool[] => {
  const byTool = previewers(deps);
  return tools.map((tool) => {
    const preview = byTool[tool.name];
    return preview ? confirmFirst(tool, preview, deps.confirmations, extraGuards[tool.name]) : tool;
  });
};

/** The names of the tools that ask for confirmation (docs and tests). */
export const MONEY_MOVE_TOOLS = [
  'update_conversion',
  'refund_conversion',
  'mark_payouts_paid',
  'update_team_award',
  'set_team_overrides',
  'ban_affiliate',
  'update_campaign',
] as const;
