import type { Campaign } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Campaigns are live objects that both modes read, so the tenant filter is on the merchant only;
 * whatever is counted on a campaign (sales, affiliates) is filtered by the tenant's mode elsewhere.
 */
export interface CampaignRepository {
  /** `tracking_code_taken` when the generated code is already used (the caller draws another). */
  insert(campaign: Campaign): Promise<'inserted' | 'tracking_code_taken'>;
  findById(tenant: Tenant, id: string): Promise<Campaign | null>;
}
