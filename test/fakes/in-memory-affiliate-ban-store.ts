import type { AffiliateBanStore, OpenSale } from '../../application/ports/affiliate-ban-store.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { affiliateMode, SALES_A_BAN_MOVES, type AffiliateBan } from '../../domain/index.js';
import type { InMemoryConversionRepository } from './in-memory-conversion-repository.js';
import type { InMemoryPayoutQueue } from './in-memory-payout-queue.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

const banKey = (merchantId: string, affiliateId: string) => `${merchantId}:${affiliateId}`;
const byTime = <T extends { readonly at: Date; readonly id: string }>(a: T, b: T) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `affiliate_bans` keyed by merchant and affiliate, the mode read from the affiliate (seeded whole in
 * the program), and the sweep's reads over the in-memory memberships, conversions and payout queue.
 */
export class InMemoryAffiliateBanStore implements AffiliateBanStore {
  private readonly bans: TransactionalTable<AffiliateBan>;

  constructor(
    transactions: InMemoryTransactions,
    private readonly stores: { readonly programs: InMemoryPrograms; readonly conversions: InMemoryConversionRepository; readonly payouts: InMemoryPayoutQueue },
  ) {
    this.bans = new TransactionalTable(transactions);
  }

  private inMode(tenant: Tenant, affiliateId: string): boolean {
    const affiliate = this.stores.programs.wholeAffiliate(affiliateId);
    return affiliate !== undefined && affiliateMode(affiliate) === tenant.mode;
  }

  async find(tenant: Tenant, affiliateId: string): Promise<AffiliateBan | null> {
    return (await this.findMany(tenant, [affiliateId])).get(affiliateId) ?? null;
  }

  async findMany(tenant: Tenant, affiliateIds: readonly string[]): Promise<ReadonlyMap<string, AffiliateBan>> {
    const found = new Map<string, AffiliateBan>();
    for (const id of affiliateIds) {
      const ban = this.bans.get(banKey(tenant.merchantId, id));
      if (ban && this.inMode(tenant, id)) found.set(id, ban);
    }
    return found;
  }

  async insert(tenant: Tenant, ban: AffiliateBan): Promise<void> {
    // The primary key: a second ban of the same affiliate fails, as the table's does.
    if (this.bans.has(banKey(tenant.merchantId, ban.affiliateId))) throw new Error('duplicate key value violates unique constraint "affiliate_bans_pkey"');
    this.bans.set(banKey(tenant.merchantId, ban.affiliateId), ban);
  }

  async delete(tenant: Tenant, affiliateId: string): Promise<void> {
    this.bans.delete(banKey(tenant.merchantId, affiliateId));
  }

  async campaignIdsOf(tenant: Tenant, affiliateId: string): Promise<readonly string[]> {
    return this.stores.programs
      .memberships()
      .filter((m) => m.merchantId === tenant.merchantId && m.mode === tenant.mode && m.affiliateId === affiliateId)
      .map((m) => ({ at: m.row?.joinedAt ?? new Date(0), id: m.row?.id ?? '', campaignId: m.campaignId }))
      .sort(byTime)
      .map((m) => m.campaignId);
  }

  async openSalesOf(tenant: Tenant, affiliateId: string): Promise<readonly OpenSale[]> {
    return this.stores.conversions
      .all()
      .filter((c) => c.merchantId === tenant.merchantId && c.mode === tenant.mode && c.affiliateId === affiliateId && SALES_A_BAN_MOVES.includes(c.status))
      .map((c) => ({ at: c.createdAt, id: c.id }))
      .sort(byTime)
      .map((c) => ({ conversionId: c.id, hasPayout: this.stores.payouts.hasRow(c.id) }));
  }
}
