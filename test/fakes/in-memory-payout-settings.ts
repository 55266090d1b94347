import type { PayoutSettingsRepository } from '../../application/ports/payout-settings-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { DEFAULT_PAYOUT_SETTINGS, type PayoutSettings } from '../../domain/index.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

const keyOf = (tenant: Tenant) => `${tenant.merchantId}:${tenant.mode}`;

/** Payout settings per merchant and mode; the defaults until saved. A save without a time stores the epoch, as the column does. */
export class InMemoryPayoutSettings implements PayoutSettingsRepository {
  private readonly rows: TransactionalTable<PayoutSettings>;

  constructor(transactions: InMemoryTransactions) {
    this.rows = new TransactionalTable(transactions);
  }

  async get(tenant: Tenant): Promise<PayoutSettings> {
    return this.rows.get(keyOf(tenant)) ?? DEFAULT_PAYOUT_SETTINGS;
  }

  async getForUpdate(tenant: Tenant): Promise<PayoutSettings> {
    return this.get(tenant);
  }

  async save(tenant: Tenant, settings: PayoutSettings): Promise<void> {
    this.rows.set(keyOf(tenant), { ...settings, minimumPayout: new Map(settings.minimumPayout), updatedAt: settings.updatedAt ?? new Date(0) });
  }
}
