import type { CommissionRatesProvider } from '../../../application/ports/commission-rates.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Campaign, CommissionRates } from '../../../domain/index.js';

/** The campaign's own rate and its volume tiers. Team rates join with the teams issue. */
export class CampaignCommissionRates implements CommissionRatesProvider {
  async ratesFor(_tenant: Tenant, campaign: Campaign): Promise<CommissionRates> {
    return { campaign: { type: campaign.commissionType, value: campaign.commissionValue }, campaignTiers: campaign.commissionTiers };
  }
}
