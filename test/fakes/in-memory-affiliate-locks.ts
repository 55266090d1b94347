import type { AffiliateLocks, MembershipUpdates } from '../../application/ports/affiliate-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Affiliate, Membership } from '../../domain/index.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import type { InMemoryTransactions } from './in-memory-transactions.js';

/** The affiliates seeded whole in the in-memory program, each locked as its row would be. */
export class InMemoryAffiliateLocks implements AffiliateLocks {
  constructor(
    private readonly transactions: InMemoryTransactions,
    private readonly programs: InMemoryPrograms,
  ) {}

  async findByIdForUpdateAcrossMerchants(id: string): Promise<Affiliate | null> {
    await this.transactions.lock(`affiliate:${id}`);
    return this.programs.wholeAffiliate(id) ?? null;
  }
}

const inTenant = (tenant: Tenant, m: Pick<Membership, 'merchantId' | 'mode'>) => m.merchantId === tenant.merchantId && m.mode === tenant.mode;

/** The memberships seeded whole in the in-memory program: locked and rewritten within their tenant, undone on rollback. */
export class InMemoryMembershipUpdates implements MembershipUpdates {
  constructor(
    private readonly transactions: InMemoryTransactions,
    private readonly programs: InMemoryPrograms,
  ) {}

  async findForUpdate(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null> {
    await this.transactions.lock(`membership:${campaignId}:${affiliateId}`);
    const found = this.programs.wholeMembership(campaignId, affiliateId);
    return found && inTenant(tenant, found) ? found : null;
  }

  async update(tenant: Tenant, membership: Membership): Promise<void> {
    const before = this.programs.wholeMembership(membership.campaignId, membership.affiliateId);
    // The row is found by its id within the tenant; only its status and dates change.
    if (!before || before.id !== membership.id || !inTenant(tenant, before)) return;
    const { status, decidedAt, updatedAt } = membership;
    this.programs.addMembership({ ...before, status, decidedAt, updatedAt });
    this.transactions.onRollback(() => this.programs.addMembership(before));
  }
}
