import type { CampaignRepository } from '../../application/ports/campaign-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Campaign } from '../../domain/index.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

/**
 * Campaigns in memory: tracking codes unique across the service, reads by the owning merchant (both
 * modes), `findByIdForUpdate` holding the row lock to the end of the transaction, and the expiry
 * job's claim skipping rows another transaction holds.
 */
export class InMemoryCampaignRepository implements CampaignRepository {
  private readonly rows: TransactionalTable<Campaign>;

  constructor(private readonly transactions: InMemoryTransactions) {
    this.rows = new TransactionalTable(transactions);
  }

  async insert(campaign: Campaign): Promise<'inserted' | 'tracking_code_taken'> {
    if (this.rows.values().some((c) => c.trackingCode === campaign.trackingCode)) return 'tracking_code_taken';
    // A new campaign has no end yet: the real insert writes none.
    this.rows.set(campaign.id, { ...campaign, endsAt: null });
    return 'inserted';
  }

  async findById(tenant: Tenant, id: string): Promise<Campaign | null> {
    const campaign = this.rows.get(id);
    return campaign && campaign.merchantId === tenant.merchantId ? campaign : null;
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Campaign | null> {
    const campaign = await this.findById(tenant, id);
    if (campaign) await this.transactions.lock(`campaign:${id}`);
    return this.findById(tenant, id);
  }

  async update(campaign: Campaign): Promise<void> {
    const current = this.rows.get(campaign.id);
    // The row's identity (owner, tracking code, creation) never changes.
    if (current && current.merchantId === campaign.merchantId) {
      this.rows.set(campaign.id, { ...campaign, trackingCode: current.trackingCode, createdAt: current.createdAt });
    }
  }

  async claimDueToExpire(now: Date, limit: number): Promise<readonly Campaign[]> {
    const due = this.rows
      .values()
      .filter((c) => c.endsAt !== null && c.status !== 'expired' && c.endsAt.getTime() <= now.getTime())
      .sort((a, b) => (a.endsAt as Date).getTime() - (b.endsAt as Date).getTime() || (a.id < b.id ? -1 : 1));
    const claimed: Campaign[] = [];
    for (const campaign of due) {
      if (claimed.length >= limit) break;
      if (this.transactions.tryLock(`campaign:${campaign.id}`)) claimed.push(campaign);
    }
    return claimed;
  }
}
