import type { ConversionRepository, DueConversion } from '../../application/ports/conversion-repository.js';
import type { OutboxEvent } from '../../application/ports/event-outbox.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { countsTowardLimits, dayOf, Decimal, type Conversion, type CurrencyCode, type DatedAmount, type MonthSales } from '../../domain/index.js';
import type { InMemoryEventOutbox } from './in-memory-event-outbox.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import type { InMemoryRiskFlagStore } from './in-memory-risk.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

const inTenant = (tenant: Tenant) => (c: Conversion) => c.merchantId === tenant.merchantId && c.mode === tenant.mode;
const createdIn = (from: Date, to: Date) => (c: Conversion) => c.createdAt >= from && c.createdAt < to;
const DAY_MS = 86_400_000;

/** Sale amounts per UTC day and currency, in day then currency order (as the SQL adapter answers). */
const byDayAndCurrency = (sales: Iterable<Conversion>): DatedAmount[] => {
  const sums = new Map<string, DatedAmount>();
  for (const c of sales) {
    const day = dayOf(c.createdAt);
    const key = `${day} ${c.currency}`;
    const before = sums.get(key);
    sums.set(key, { day, currency: c.currency as CurrencyCode, amount: (before?.amount ?? new Decimal(0)).plus(c.amount) });
  }
  return [...sums.keys()].sort().map((k) => sums.get(k)!);
};

export class InMemoryConversionRepository implements ConversionRepository {
  private readonly rows: TransactionalTable<Conversion>;

  constructor(
    private readonly transactions: InMemoryTransactions,
    private readonly outbox: InMemoryEventOutbox,
    private readonly programs: InMemoryPrograms,
    /** The risk flags the SQL adapter joins (`risk_flags`): a flagged sale is claimed as such. */
    private readonly riskFlags: Pick<InMemoryRiskFlagStore, 'isFlagged'>,
  ) {
    this.rows = new TransactionalTable(transactions);
  }

  /** Every stored conversion (a test's view of the table). */
  all(): Conversion[] {
    return this.rows.values();
  }

  async recordSale(conversion: Conversion, events: readonly OutboxEvent[]): Promise<'inserted' | 'duplicate_order'> {
    if (conversion.orderId !== null && this.rows.values().some((c) => inTenant(conversion)(c) && c.orderId === conversion.orderId)) {
      return 'duplicate_order';
    }
    this.rows.set(conversion.id, conversion);
    // One statement in the real adapter: it needs no transaction of its own.
    await this.transactions.run(() => this.outbox.record(events));
    return 'inserted';
  }

  async update(conversion: Conversion): Promise<void> {
    const stored = this.rows.get(conversion.id);
    if (!stored || !inTenant(stored)(conversion)) return;
    // Who, where and when a sale was made never change.
    this.rows.set(conversion.id, { ...conversion, createdAt: stored.createdAt });
  }

  async findById(tenant: Tenant, id: string): Promise<Conversion | null> {
    const row = this.rows.get(id);
    return row && inTenant(tenant)(row) ? row : null;
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Conversion | null> {
    await this.transactions.lock(`conversion:${id}`);
    return this.findById(tenant, id);
  }

  async findByOrderIdForUpdate(tenant: Tenant, orderId: string): Promise<Conversion | null> {
    const found = this.rows.values().find((c) => inTenant(tenant)(c) && c.orderId === orderId);
    if (!found) return null;
    await this.transactions.lock(`conversion:${found.id}`);
    return this.findById(tenant, found.id);
  }

  async findByIdForUpdateAcrossTenants(id: string): Promise<Conversion | null> {
    await this.transactions.lock(`conversion:${id}`);
    return this.rows.get(id) ?? null;
  }

  /** Whether the affiliate has any sale at the tenant (what the sale look-up tells). */
  hasSales(tenant: Tenant, affiliateId: string): boolean {
    return this.rows.values().some((c) => inTenant(tenant)(c) && c.affiliateId === affiliateId);
  }

  async sumSales(tenant: Tenant, from: Date, to: Date): Promise<readonly DatedAmount[]> {
    return byDayAndCurrency(this.rows.values().filter((c) => inTenant(tenant)(c) && createdIn(from, to)(c) && countsTowardLimits(c)));
  }

  async monthToDate(tenant: Tenant, affiliateId: string, campaignId: string, from: Date, to: Date): Promise<MonthSales> {
    const sales = this.rows
      .values()
      .filter((c) => inTenant(tenant)(c) && c.affiliateId === affiliateId && c.campaignId === campaignId && createdIn(from, to)(c) && countsTowardLimits(c));
    return { conversions: sales.length, sales: byDayAndCurrency(sales) };
  }

  async claimDueForAutoApproval(now: Date, limit: number, after: { createdAt: Date; id: string } | null): Promise<readonly DueConversion[]> {
    const due: DueConversion[] = [];
    const candidates = this.rows
      .values()
      // Imported history waits for the merchant: the job never sees it.
      .filter((c) => c.status === 'pending' && c.source !== 'import')
      .filter((c) => after === null || c.createdAt > after.createdAt || (c.createdAt.getTime() === after.createdAt.getTime() && c.id > after.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    for (const conversion of candidates) {
      const days = this.programs.campaign(conversion.campaignId)?.autoApproveDays ?? null;
      if (days === null || conversion.createdAt.getTime() > now.getTime() - days * DAY_MS) continue;
      // SKIP LOCKED: a row another transaction holds is passed over, not waited for.
      if (!this.transactions.tryLock(`conversion:${conversion.id}`)) continue;
      const membership = this.programs.membership(conversion.campaignId, conversion.affiliateId);
      due.push({ conversion, campaignAutoApproveDays: days, affiliateApproved: membership?.status === 'approved', flagged: this.riskFlags.isFlagged(conversion, 'conversion', conversion.id) });
      if (due.length === limit) break;
    }
    return due;
  }
}
