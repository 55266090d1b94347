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
  /** Locks the campaign row for the rest of the transaction: two changes of one campaign run one after the other. */
  findByIdForUpdate(tenant: Tenant, id: string): Promise<Campaign | null>;
  /** Saves every field a change may set (the tracking code and creation time never change). */
  update(campaign: Campaign): Promise<void>;
  /**
   * Campaigns of any merchant whose `endsAt` has passed at `now` and that have not expired, oldest end
   * first, locked with SKIP LOCKED (other processes skip them). Must run in a transaction.
   */
  claimDueToExpire(now: Date, limit: number): Promise<readonly Campaign[]>;
}
