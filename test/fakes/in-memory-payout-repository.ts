import type {
  ClaimedAttempt,
  ClaimedGroups,
  ClaimedLines,
  ClaimedPayout,
  PaymentGroupCursor,
  PayoutRepository,
  ReleasablePayout,
  ScanCursor,
} from '../../application/ports/payout-repository.js';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { PayoutSettingsRepository } from '../../application/ports/payout-settings-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { DUE_PAYOUT_STATUSES, PAYABLE_CONVERSION_STATUS, RELEASABLE_PAYOUT_STATUSES, type Payout, type PayoutMethod } from '../../domain/index.js';
import type { InMemoryConversionRepository } from './in-memory-conversion-repository.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

/** What the payout claims read besides the rows: conversions, affiliates, merchants and their payout days. */
export interface PayoutRowSources {
  readonly conversions: InMemoryConversionRepository;
  readonly programs: InMemoryPrograms;
  readonly merchants: MerchantRepository;
  readonly settings: PayoutSettingsRepository;
}

export interface PayoutDetails {
  readonly payoutEmail?: string | null;
  readonly connectedAccountId?: string | null;
}

const groupKey = (p: Payout): PaymentGroupCursor => ({ merchantId: p.merchantId, mode: p.mode, affiliateId: p.affiliateId, currency: p.currency });
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareGroups = (a: PaymentGroupCursor, b: PaymentGroupCursor) =>
  compareText(a.merchantId, b.merchantId) || compareText(a.mode, b.mode) || compareText(a.affiliateId, b.affiliateId) || compareText(a.currency, b.currency);
const sameGroup = (a: PaymentGroupCursor, b: PaymentGroupCursor) => compareGroups(a, b) === 0;

/**
 * Payout rows in memory, with the payout job's claims as `SqlPayoutRepository` selects them (the
 * rule is the domain's `payoutDue`). One process: no row is ever held by another, so nothing is
 * skipped. Team bonus awards are not kept here: the claims return none (the award contract covers them).
 */
export class InMemoryPayoutRepository implements PayoutRepository {
  private readonly rows: TransactionalTable<Payout>;
  private readonly emails = new Map<string, string | null>();
  private readonly accounts = new Map<string, string>();

  constructor(
    transactions: InMemoryTransactions,
    private readonly sources: PayoutRowSources,
  ) {
    this.rows = new TransactionalTable(transactions);
  }

  /** Every row (a test's view of the table). */
  all(): Payout[] {
    return this.rows.values();
  }

  /** The affiliate's payout email (any merchant's) and, per tenant, its connected account; null clears, absent keeps. */
  setDetails(tenant: Tenant, affiliateId: string, details: PayoutDetails): void {
    if (details.payoutEmail !== undefined) this.emails.set(affiliateId, details.payoutEmail);
    const account = `${tenant.merchantId}:${tenant.mode}:${affiliateId}`;
    if (details.connectedAccountId === null) this.accounts.delete(account);
    else if (details.connectedAccountId !== undefined) this.accounts.set(account, details.connectedAccountId);
  }

  /** The affiliate's payout email, null when none is saved. */
  payoutEmailOf(affiliateId: string): string | null {
    return this.emails.get(affiliateId) ?? null;
  }

  async insert(payout: Payout): Promise<'inserted' | 'exists'> {
    if (this.rows.values().some((p) => p.conversionId === payout.conversionId)) return 'exists';
    this.rows.set(payout.id, payout);
    return 'inserted';
  }

  async update(payout: Payout): Promise<void> {
    const stored = this.rows.get(payout.id);
    if (!stored || stored.merchantId !== payout.merchantId || stored.mode !== payout.mode) return;
    const { id, merchantId, mode, conversionId, createdAt } = stored;
    this.rows.set(id, { ...payout, id, merchantId, mode, conversionId, createdAt });
  }

  async delete(payout: Payout): Promise<void> {
    const stored = this.rows.get(payout.id);
    if (stored && stored.merchantId === payout.merchantId && stored.mode === payout.mode) this.rows.delete(payout.id);
  }

  async findByConversionForUpdate(tenant: Tenant, conversionId: string): Promise<Payout | null> {
    return this.rows.values().find((p) => p.conversionId === conversionId && p.merchantId === tenant.merchantId && p.mode === tenant.mode) ?? null;
  }

  async findByIdAcrossTenants(id: string): Promise<Payout | null> {
    return this.rows.get(id) ?? null;
  }

  async findByIdForUpdateAcrossTenants(id: string): Promise<ClaimedPayout | null> {
    const payout = this.rows.get(id);
    const conversion = payout ? await this.conversionOf(payout) : null;
    return payout && conversion ? { payout, conversion } : null;
  }

  async claimReleasable(now: Date, limit: number, after: ScanCursor | null): Promise<readonly ReleasablePayout[]> {
    const due = this.rows
      .values()
      .filter((p) => RELEASABLE_PAYOUT_STATUSES.includes(p.status) && p.scheduledDate.getTime() <= now.getTime())
      .filter((p) => {
        const affiliate = this.sources.programs.affiliate(p.affiliateId);
        return affiliate !== undefined && (affiliate.headless || affiliate.payoutMethod !== null);
      })
      .filter((p) => !after || p.scheduledDate.getTime() > after.at.getTime() || (p.scheduledDate.getTime() === after.at.getTime() && p.id > after.id))
      .sort((a, b) => a.scheduledDate.getTime() - b.scheduledDate.getTime() || compareText(a.id, b.id))
      .slice(0, limit);
    const released: ReleasablePayout[] = [];
    for (const payout of due) released.push({ payout, payoutDay: (await this.sources.settings.get(payout)).payoutDay });
    return released;
  }

  async claimAttemptable(now: Date, groups: number, after: PaymentGroupCursor | null): Promise<ClaimedGroups> {
    const due: ClaimedAttempt[] = [];
    for (const payout of this.rows.values()) {
      if (!DUE_PAYOUT_STATUSES.includes(payout.status) || payout.scheduledDate.getTime() > now.getTime()) continue;
      const affiliate = this.sources.programs.affiliate(payout.affiliateId);
      if (!affiliate || affiliate.headless || affiliate.payoutMethod === null) continue;
      if (!(await this.sources.merchants.findById(payout.merchantId))?.automaticPayouts) continue;
      const claimed = await this.claimed(payout, affiliate.payoutMethod);
      if (claimed?.conversion.status === PAYABLE_CONVERSION_STATUS) due.push(claimed);
    }
    const keys: PaymentGroupCursor[] = [];
    for (const row of due.sort((a, b) => compareGroups(groupKey(a.payout), groupKey(b.payout)) || compareText(a.payout.id, b.payout.id))) {
      const key = groupKey(row.payout);
      if (after && compareGroups(key, after) <= 0) continue;
      if (!keys.some((k) => sameGroup(k, key))) keys.push(key);
    }
    const claimedGroups = keys.slice(0, groups);
    return { groups: claimedGroups, payouts: due.filter((row) => claimedGroups.some((k) => sameGroup(k, groupKey(row.payout)))), awards: [] };
  }

  async claimProcessing(now: Date, payments: number, afterPaymentId: string | null): Promise<ClaimedLines> {
    const ids = [
      ...new Set(
        this.rows
          .values()
          .filter((p) => p.status === 'processing' && p.paymentId !== null && p.nextCheckAt !== null && p.nextCheckAt.getTime() <= now.getTime())
          .map((p) => p.paymentId as string),
      ),
    ]
      .filter((id) => afterPaymentId === null || id > afterPaymentId)
      .sort(compareText)
      .slice(0, payments);
    return { payouts: await this.processing((p) => p.paymentId !== null && ids.includes(p.paymentId)), awards: [] };
  }

  async lockProcessing(payoutIds: readonly string[]): Promise<ClaimedLines> {
    return { payouts: await this.processing((p) => payoutIds.includes(p.id)), awards: [] };
  }

  private async processing(which: (p: Payout) => boolean): Promise<ClaimedAttempt[]> {
    const rows = this.rows
      .values()
      .filter((p) => p.status === 'processing' && p.payoutMethod !== null && which(p))
      .sort((a, b) => compareText(a.paymentId ?? '', b.paymentId ?? '') || compareText(a.id, b.id));
    const claimed: ClaimedAttempt[] = [];
    for (const row of rows) {
      const found = await this.claimed(row, row.payoutMethod as PayoutMethod);
      if (found) claimed.push(found);
    }
    return claimed;
  }

  private conversionOf(payout: Payout) {
    return this.sources.conversions.findById(payout, payout.conversionId);
  }

  private async claimed(payout: Payout, payoutMethod: PayoutMethod): Promise<ClaimedAttempt | null> {
    const conversion = await this.conversionOf(payout);
    const affiliate = this.sources.programs.affiliate(payout.affiliateId);
    if (!conversion || !affiliate) return null;
    return {
      payout,
      conversion,
      destination: {
        payoutMethod,
        payoutEmail: this.emails.get(payout.affiliateId) ?? null,
        connectedAccountId: this.accounts.get(`${payout.merchantId}:${payout.mode}:${payout.affiliateId}`) ?? null,
        affiliateEmail: affiliate.email,
      },
    };
  }
}
