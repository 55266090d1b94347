import type { RiskFacts, SaleClickFacts, SaleClickQuery } from '../../application/ports/risk-facts.js';
import type { RiskFlagStore, StoredRiskFlag } from '../../application/ports/risk-flag-store.js';
import type { RiskSettingsRepository } from '../../application/ports/risk-settings-repository.js';
import { SaleRisk } from '../../application/risk/sale-risk.js';
import type { SaleRiskGate } from '../../application/risk/sale-risk-gate.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { DEFAULT_RISK_SETTINGS, type ClickFacts, type Footprint, type RiskFlag, type RiskSettings, type RiskSubject } from '../../domain/index.js';

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

/** Clicks, portal footprints and sales as the test sets them. */
export class InMemoryRiskFacts implements RiskFacts {
  readonly clicks = new Map<string, ClickFacts>();
  readonly footprints = new Map<string, Footprint[]>();
  /** Sales by the click id they name. */
  readonly sales: { id: string; clickId: string; createdAt: Date }[] = [];
  async saleClick(_tenant: Tenant, query: SaleClickQuery): Promise<SaleClickFacts | null> {
    const click = this.clicks.get(query.clickId) ?? null;
    if (!click) return null;
    const recent = (since: Date) => [...this.clicks.values()].filter((k) => k.visitorHash === click.visitorHash && k.createdAt >= since);
    const newestFirst = <T extends { createdAt: Date }>(rows: T[]) => rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const visitorClicks = query.visitorClicks ? newestFirst(recent(query.visitorClicks.since)).slice(0, query.visitorClicks.limit).map((k) => k.id) : [];
    const salesSince = query.visitorSales?.since;
    const visitorSales = salesSince
      ? newestFirst(this.sales.filter((s) => s.createdAt >= salesSince && recent(salesSince).some((k) => k.id === s.clickId))).slice(0, query.visitorSales?.limit).map((s) => s.id)
      : [];
    return { click, footprints: query.footprints ? (this.footprints.get(query.affiliateId) ?? []) : [], visitorClicks, visitorSales };
  }
  readonly scriptSales = new Map<string, string>();
  async scriptSaleOfClick(_tenant: Tenant, clickId: string): Promise<string | null> {
    return this.scriptSales.get(clickId) ?? null;
  }
  async payoutIdentities(_tenant: Tenant, affiliateId: string) {
    return { own: { affiliateId, payoutEmail: null, connectedAccountId: null }, sharing: [] };
  }
  async refundHistory(_tenant: Tenant, affiliateId: string) {
    return { affiliateId, conversions: 0, refundedIds: [] };
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
  async forSubjects(tenant: Tenant, kind: RiskSubject, subjectIds: readonly string[]): Promise<ReadonlyMap<string, readonly StoredRiskFlag[]>> {
    return new Map(subjectIds.flatMap((id) => {
      const found = this.rows.get(`${key(tenant)}:${kind}:${id}`);
      return found && found.length > 0 ? [[id, found] as const] : [];
    }));
  }
}

export const inMemorySaleRiskGate = (): SaleRiskGate & { facts: InMemoryRiskFacts; settings: InMemoryRiskSettings; flags: InMemoryRiskFlagStore } => {
  const facts = new InMemoryRiskFacts();
  return { settings: new InMemoryRiskSettings(), facts, assess: new SaleRisk(facts, { isDisposable: (d) => d === 'mailinator.com' }), flags: new InMemoryRiskFlagStore() };
};
