import type { Campaign, CommissionRates } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * The rates that apply to one affiliate's sale on one campaign: the campaign's own (with its volume
 * tiers) and, when teams are in play, the team's base and per-campaign rates and a per-affiliate
 * override. The domain's `calculateCommission` decides which wins.
 */
export interface CommissionRatesProvider {
  ratesFor(tenant: Tenant, campaign: Campaign, affiliateId: string): Promise<CommissionRates>;
}
