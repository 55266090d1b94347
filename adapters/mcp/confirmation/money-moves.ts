import type { Confirmations } from '../../../application/assistant/confirmations.js';
import { payoutManagementRefusal } from '../../http/routes/payout-configuration.guards.js';
import type { McpTool } from '../tool.js';
import type { Principal } from '../../../application/api-keys/authenticate-api-key.js';
import { liveKeyRefusal, planRefusal } from '../../http/middleware/guards.js';
import { confirmFirst, type Previewer } from './confirm-first.js';
import {
  awardActionPreview,
  banPreview,
  campaignRatePreview,
  changesCampaignRate,
  conversionStatusPreview,
  markPaidPreview,
  overridesPreview,
  refundPreview,
  type MoneyPreviewDependencies,
} from './money-previews.js';

export type MoneyMoveDependencies = MoneyPreviewDependencies & { readonly confirmations: Confirmations };

/** The tools that move money, each with the preview its first call answers. */
const previewers = (deps: MoneyPreviewDependencies): Readonly<Record<string, Previewer>> => ({
  update_conversion: conversionStatusPreview(deps),
  refund_conversion: refundPreview(deps),
  mark_payouts_paid: markPaidPreview(deps),
  update_team_award: awardActionPreview(deps),
  set_team_overrides: overridesPreview(deps),
  ban_affiliate: banPreview(deps),
  update_campaign: campaignRatePreview(deps),
});

/** Wraps the money-moving tools of the list in preview-then-confirm; the others pass as they are. */
export const withMoneyConfirmation = (tools: readonly McpTool[], deps: MoneyMoveDependencies): McpTool[] => {
  const byTool = previewers(deps);
  return tools.map((tool) => {
    const preview = byTool[tool.name];
    if (!preview) return tool;
    // Manual payouts also need Manage payouts (the route's guard); the preview is refused as the call would be.
    if (tool.name === 'mark_payouts_paid') return confirmFirst(tool, preview, deps.confirmations, payoutManagementRefusal);
    // A campaign's rate is previewed; its other changes keep the tool's own `confirm` (the token confirms the whole call).
    if (tool.name === 'update_campaign') {
      const refusal = (principal: Principal) => planRefusal(principal, 'ultimate', 'Changing campaigns') ?? liveKeyRefusal(principal, 'Changing campaigns');
      return confirmFirst(tool, preview, deps.confirmations, refusal, { when: changesCampaignRate, confirmedArgs: (args) => ({ ...args, confirm: true }) });
    }
    return confirmFirst(tool, preview, deps.confirmations);
  });
};

/** The names of the tools that ask for confirmation (docs and tests). */
export const MONEY_MOVE_TOOLS = ['update_conversion', 'refund_conversion', 'mark_payouts_paid', 'update_team_award', 'set_team_overrides', 'ban_affiliate', 'update_campaign'] as const;
