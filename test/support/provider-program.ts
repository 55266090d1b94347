import { createAffiliate, createCampaign } from './campaign-mother.js';
import { createMerchant, type TestMerchant } from './merchant-mother.js';
import type { TestService } from './test-service.js';

export interface ProviderProgram {
  readonly merchant: TestMerchant;
  readonly campaign: { id: string };
  readonly affiliate: { id: string; trackingLink: string };
}

/**
 * A merchant on the plan that takes provider sales, with a live campaign paying 20 % and recurring
 * commissions for 12 months, and one approved affiliate: what every provider's sales tests start from.
 * The provider's integration is left to the test (each provider is connected differently).
 */
export const providerProgram = async (t: TestService, campaignFields: Record<string, unknown> = {}): Promise<ProviderProgram> => {
  const merchant = await createMerchant(t, 'scale');
  const campaign = await createCampaign(t, merchant.liveKey, { commissionValue: 20, enableRecurringCommissions: true, recurringCommissionMonths: 12, ...campaignFields });
  const affiliate = await createAffiliate(t, merchant.liveKey, campaign.id);
  return { merchant, campaign, affiliate };
};
