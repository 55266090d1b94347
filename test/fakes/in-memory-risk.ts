import type { RiskFacts, SaleClickFacts, SaleClickQuery } from '../../application/ports/risk-facts.js';
import type { RiskFlagStore, StoredRiskFlag } from '../../application/ports/risk-flag-store.js';
import type { RiskSettingsRepository } from '../../application/ports/risk-settings-repository.js';
import { SaleRisk } from '../../application/risk/sale-risk.js';
import type { SaleRiskGate } from '../../application/risk/sale-risk-gate.js';
import type { Tenant } from '../../application/shared/tenant.js';
import {
  DEFAULT_RISK_SETTINGS,
  type ClickFacts,
  type Conversion,
  type Footprint,
  type PayoutIdentity,
  type RefundHistory,
  type RiskFlag,
  type RiskSettings,
  type RiskSubject,
} from '../../domain/index.js';
import type { InMemoryPrograms } from './in-memory-programs.js';

const key = (tenant: Tenant) => `${tenant.merchantId}:${tenant.mode}`;

export class InMemoryRiskSettings implements RiskSettingsRepository {
  readonly saved = new Map<string, RiskSettings>();
  async get(tenant: Tenant): Promise<RiskSettings> {
    return this.saved.get(key(tenant)) ?? DEFAULT_RISK_SETTINGS;
  }
  getForUpdate(tenant: Tenant): Promise<RiskSettings> {
    return this.get(tenant);
  }
  async save(tenant: Tenant, settings: RiskSettings): Promise<void> {
    this.saved.set(key(tenant), settings);
  }
}

/** A click as the `clicks` table keeps it: the facts the signals read, under its tenant. */
interface ClickRow extends ClickFacts {
  readonly tenant: Tenant;
}

/** A portal session of an affiliate as `web_sessions` keeps it (the hashed id, never the cookie). */
export interface PortalSessionRow {
  readonly merchantId: string;
  readonly affiliateId: string;
  readonly idHash: string;
  readonly visitorHash: string | null;
  readonly addressHash: string | null;
  readonly createdAt: Date;
}

/** What the risk reads join besides clicks and sessions: the sales, and who is a member of which program. */
export interface RiskFactSources {
  readonly conversions?: { all(): readonly Conversion[] };
  readonly programs?: InMemoryPrograms;
}

/** The click row a stored click id names, as `clickRowIdOf`: a signed id starts with its uuid, an older id is the uuid. */
const CLICK_ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}($|_)/;
export const clickRowIdOf = (clickId: string | null): string | null => (clickId !== null && CLICK_ROW_ID.test(clickId) ? clickId.slice(0, 36) : null);
const sameTenant = (a: Tenant, b: Tenant) => a.merchantId === b.merchantId && a.mode === b.mode;
const newestFirst = <T extends { readonly createdAt: Date }>(a: T, b: T) => b.createdAt.getTime() - a.createdAt.getTime();

/**
 * Clicks, portal sessions and payout details as a test records them, read as the SQL adapter reads
 * its tables; sales are those of the conversion store it is given (none without one), and another
 * affiliate shares payout details only if the programs say it is a member of the tenant's program.
 */
export class InMemoryRiskFacts implements RiskFacts {
  private readonly clickRows = new Map<string, ClickRow>();
  private readonly sessions: PortalSessionRow[] = [];
  /** `affiliates.payout_email`: one per affiliate, whatever the merchant. */
  private readonly payoutEmails = new Map<string, string>();
  /** `affiliate_connected_accounts`: per tenant and affiliate. */
  private readonly accounts = new Map<string, string>();

  constructor(private readonly sources: RiskFactSources = {}) {}

  recordClick(tenant: Tenant, facts: ClickFacts): void {
    this.clickRows.set(facts.id, { ...facts, tenant });
  }

  recordPortalSession(session: PortalSessionRow): void {
    this.sessions.push(session);
  }

  setPayoutDetails(tenant: Tenant, affiliateId: string, details: { readonly payoutEmail?: string | null; readonly connectedAccountId?: string | null }): void {
    if (details.payoutEmail !== undefined) {
      if (details.payoutEmail === null) this.payoutEmails.delete(affiliateId);
      else this.payoutEmails.set(affiliateId, details.payoutEmail);
    }
    if (details.connectedAccountId !== undefined) {
      if (details.connectedAccountId === null) this.accounts.delete(`${key(tenant)}:${affiliateId}`);
      else this.accounts.set(`${key(tenant)}:${affiliateId}`, details.connectedAccountId);
    }
  }

  private async click(tenant: Tenant, clickId: string): Promise<ClickFacts | null> {
    const rowId = clickRowIdOf(clickId);
    const row = rowId === null ? undefined : this.clickRows.get(rowId);
    if (!row || !sameTenant(row.tenant, tenant)) return null;
    const { tenant: _, ...facts } = row;
    return facts;
  }

  private async footprints(tenant: Tenant, affiliateId: string): Promise<readonly Footprint[]> {
    return this.sessions
      .filter((s) => s.merchantId === tenant.merchantId && s.affiliateId === affiliateId && (s.visitorHash !== null || s.addressHash !== null))
      .sort(newestFirst)
      .slice(0, 20)
      .map((s) => ({ id: `session:${s.idHash.slice(0, 12)}`, visitorHash: s.visitorHash, addressHash: s.addressHash }));
  }

  private async clicksFromVisitor(tenant: Tenant, visitorHash: string, since: Date, limit: number): Promise<readonly string[]> {
    return [...this.clickRows.values()]
      .filter((c) => sameTenant(c.tenant, tenant) && c.visitorHash === visitorHash && c.createdAt >= since)
      .sort(newestFirst)
      .slice(0, limit)
      .map((c) => c.id);
  }

  private async salesFromVisitor(tenant: Tenant, visitorHash: string, since: Date, limit: number): Promise<readonly string[]> {
    return this.sales(tenant)
      .filter((s) => {
        const rowId = clickRowIdOf(s.clickId);
        const click = rowId === null ? undefined : this.clickRows.get(rowId);
        return s.createdAt >= since && click !== undefined && sameTenant(click.tenant, tenant) && click.visitorHash === visitorHash && click.createdAt >= since;
      })
      .sort(newestFirst)
      .slice(0, limit)
      .map((s) => s.id);
  }

  async saleClick(tenant: Tenant, query: SaleClickQuery): Promise<SaleClickFacts | null> {
    const click = await this.click(tenant, query.clickId);
    if (!click) return null;
    return {
      click,
      footprints: query.footprints ? await this.footprints(tenant, query.affiliateId) : [],
      visitorClicks: query.visitorClicks ? await this.clicksFromVisitor(tenant, click.visitorHash, query.visitorClicks.since, query.visitorClicks.limit) : [],
      visitorSales: query.visitorSales ? await this.salesFromVisitor(tenant, click.visitorHash, query.visitorSales.since, query.visitorSales.limit) : [],
    };
  }

  async scriptSaleOfClick(tenant: Tenant, clickId: string): Promise<string | null> {
    return this.sales(tenant).find((s) => s.clickId === clickId && s.source === 'tracking_script')?.id ?? null;
  }

  async payoutIdentities(tenant: Tenant, affiliateId: string): Promise<{ readonly own: PayoutIdentity; readonly sharing: readonly PayoutIdentity[] }> {
    const own = this.identity(tenant, affiliateId);
    if (own.payoutEmail === null && own.connectedAccountId === null) return { own, sharing: [] };
    const members = new Set(
      (this.sources.programs?.memberships() ?? []).filter((m) => sameTenant(m, tenant) && m.affiliateId !== affiliateId).map((m) => m.affiliateId),
    );
    const sharing = [...members]
      .map((id) => this.identity(tenant, id))
      .filter(
        (other) =>
          (own.payoutEmail !== null && other.payoutEmail?.toLowerCase() === own.payoutEmail.toLowerCase()) ||
          (own.connectedAccountId !== null && other.connectedAccountId === own.connectedAccountId),
      );
    return { own, sharing: sharing.slice(0, 20) };
  }

  async refundHistory(tenant: Tenant, affiliateId: string, since: Date): Promise<RefundHistory> {
    const sales = this.sales(tenant).filter((s) => s.affiliateId === affiliateId && s.createdAt >= since);
    return { affiliateId, conversions: sales.length, refundedIds: sales.filter((s) => s.status === 'refunded' || s.refundedAmount !== null).map((s) => s.id) };
  }

  private identity(tenant: Tenant, affiliateId: string): PayoutIdentity {
    return { affiliateId, payoutEmail: this.payoutEmails.get(affiliateId) ?? null, connectedAccountId: this.accounts.get(`${key(tenant)}:${affiliateId}`) ?? null };
  }

  private sales(tenant: Tenant): readonly Conversion[] {
    return (this.sources.conversions?.all() ?? []).filter((c) => sameTenant(c, tenant));
  }
}

export class InMemoryRiskFlagStore implements RiskFlagStore {
  readonly rows = new Map<string, StoredRiskFlag[]>();
  async replace(tenant: Tenant, kind: RiskSubject, subjectId: string, flags: readonly (RiskFlag & { readonly action: 'flag' | 'hold' })[], now: Date): Promise<void> {
    const at = `${key(tenant)}:${kind}:${subjectId}`;
    // A signal that fires again keeps its first time, as the SQL store's upsert does.
    const before = new Map((this.rows.get(at) ?? []).map((f) => [f.code, f.createdAt]));
    this.rows.set(at, flags.map((f) => ({ ...f, evidence: [...f.evidence], createdAt: before.get(f.code) ?? now })));
  }
  /** Whether the subject has a flag (what the SQL stores' `exists (… risk_flags …)` reads). */
  isFlagged(tenant: Tenant, kind: RiskSubject, subjectId: string): boolean {
    return (this.rows.get(`${key(tenant)}:${kind}:${subjectId}`) ?? []).length > 0;
  }
  async forSubjects(tenant: Tenant, kind: RiskSubject, subjectIds: readonly string[]): Promise<ReadonlyMap<string, readonly StoredRiskFlag[]>> {
    return new Map(subjectIds.flatMap((id) => {
      const found = this.rows.get(`${key(tenant)}:${kind}:${id}`);
      return found && found.length > 0 ? [[id, found] as const] : [];
    }));
  }
}

export const inMemorySaleRiskGate = (sources: RiskFactSources = {}): SaleRiskGate & { facts: InMemoryRiskFacts; settings: InMemoryRiskSettings; flags: InMemoryRiskFlagStore } => {
  const facts = new InMemoryRiskFacts(sources);
  return { settings: new InMemoryRiskSettings(), facts, assess: new SaleRisk(facts, { isDisposable: (d) => d === 'mailinator.com' }), flags: new InMemoryRiskFlagStore() };
};
