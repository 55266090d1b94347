import type { AuditEntry, AuditLog } from '../../application/ports/audit-log.js';
import { offsetOf, sliceOf, type Page, type PageRequest, type Slice } from '../../application/shared/page.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

const MINUTE_MS = 60_000;

const newestFirst = (a: AuditEntry, b: AuditEntry) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The audit log in memory. As `SqlAuditLog`: a row appended in a transaction goes with its rollback;
 * refusals are grouped per address and minute into one row with a count, written when told (the SQL
 * log writes them once their minute is over, or when the process stops).
 */
export class InMemoryAuditLog implements AuditLog {
  private readonly rows: TransactionalTable<AuditEntry>;
  private readonly refusals = new Map<string, AuditEntry>();

  constructor(transactions: InMemoryTransactions) {
    this.rows = new TransactionalTable(transactions);
  }

  /** Every row written as it was appended, oldest first (a test's view of the table). */
  all(): AuditEntry[] {
    return this.rows.values();
  }

  async append(entry: AuditEntry): Promise<void> {
    if (this.rows.has(entry.id)) throw new Error(`audit_log: duplicate key ${entry.id}`);
    this.rows.set(entry.id, entry);
  }

  recordRefusal(entry: AuditEntry): void {
    const key = `${entry.address ?? ''}\n${Math.floor(entry.createdAt.getTime() / MINUTE_MS)}`;
    const group = this.refusals.get(key);
    this.refusals.set(key, group ? { ...group, count: (group.count ?? 1) + 1 } : { ...entry, count: 1 });
  }

  /** Writes every group of refusals (the SQL log's shutdown). */
  async writeRefusals(): Promise<void> {
    for (const group of this.refusals.values()) this.rows.set(group.id, group);
    this.refusals.clear();
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<AuditEntry>> {
    const rows = this.ofMerchant(merchantId);
    return { items: rows.slice(offsetOf(page), offsetOf(page) + page.limit), total: rows.length, page: page.page, limit: page.limit };
  }

  async browseForMerchant(merchantId: string, page: PageRequest): Promise<Slice<AuditEntry>> {
    return sliceOf(this.ofMerchant(merchantId).slice(offsetOf(page), offsetOf(page) + page.limit + 1), page);
  }

  private ofMerchant(merchantId: string): AuditEntry[] {
    return this.rows
      .values()
      .filter((r) => r.merchantId === merchantId)
      .map((r) => ({ ...r, count: r.count ?? 1 }))
      .sort(newestFirst);
  }
}
