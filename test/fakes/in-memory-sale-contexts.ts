import type { SaleContext, SaleContexts } from '../../application/ports/sale-context.js';
import type { RiskFacts, SaleClickQuery } from '../../application/ports/risk-facts.js';
import type { RiskSettingsRepository } from '../../application/ports/risk-settings-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';

const keyOf = (tenant: Tenant, campaignId: string, affiliateId: string) => `${tenant.merchantId}:${tenant.mode}:${campaignId}:${affiliateId}`;

/**
 * Canned sale contexts: the test says what the look-up finds for a (tenant, campaign, affiliate). The
 * real look-up joins campaigns, affiliates, memberships and team rates; what a use case does with the
 * answer is what these tests are about.
 */
export class InMemorySaleContexts implements SaleContexts {
  private readonly contexts = new Map<string, SaleContext>();
  /** Where the tenant's risk rules are read from, when a test sets them through the rules' own store. */
  riskSettings: RiskSettingsRepository | null = null;
  /** Where a click query asked along is answered from, as the real look-up reads the same rows as the click read. */
  clickFacts: Pick<RiskFacts, 'saleClick'> | null = null;
  /** Click queries answered along with a look-up. */
  clickAnswers = 0;

  constructor(private readonly sales?: { hasSales(tenant: Tenant, affiliateId: string): boolean }) {}
  /** Look-ups made, so a test can tell a refusal that read nothing from one that did. */
  lookups = 0;

  put(tenant: Tenant, context: SaleContext): void {
    this.contexts.set(keyOf(tenant, context.campaign.id, context.affiliate?.id ?? ''), context);
  }

  /** A campaign the tenant's merchant owns but the affiliate has no relation with in the tenant's mode. */
  putWithoutAffiliate(tenant: Tenant, affiliateId: string, context: Omit<SaleContext, 'affiliate' | 'membership'>): void {
    this.contexts.set(keyOf(tenant, context.campaign.id, affiliateId), { ...context, affiliate: null, membership: null });
  }

  async find(tenant: Tenant, campaignId: string, affiliateId: string, click: SaleClickQuery | null = null): Promise<SaleContext | null> {
    this.lookups += 1;
    const found = this.contexts.get(keyOf(tenant, campaignId, affiliateId));
    if (!found) return null;
    // As the real look-up: asked along only for the sale's own affiliate.
    const asked = click && this.clickFacts && click.affiliateId === affiliateId ? click : null;
    if (asked) this.clickAnswers += 1;
    // What the look-up reads from live data (rules, earlier sales) is read now, as the real one does.
    return {
      ...found,
      ...(this.riskSettings ? { riskSettings: await this.riskSettings.get(tenant) } : {}),
      ...(this.sales && found.affiliate ? { affiliateHasSales: this.sales.hasSales(tenant, found.affiliate.id) } : {}),
      ...(asked && this.clickFacts ? { saleClick: { query: asked, facts: await this.clickFacts.saleClick(tenant, asked) } } : {}),
    };
  }
}
