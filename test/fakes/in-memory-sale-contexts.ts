import type { CampaignRepository } from '../../application/ports/campaign-repository.js';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { RiskFacts, SaleClickQuery } from '../../application/ports/risk-facts.js';
import type { RiskSettingsRepository } from '../../application/ports/risk-settings-repository.js';
import type { SaleContext, SaleContexts } from '../../application/ports/sale-context.js';
import type { TeamRepository } from '../../application/ports/team-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Campaign, CommissionRates, Conversion, Membership } from '../../domain/index.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import { clickRowIdOf, InMemoryRiskFacts, InMemoryRiskSettings } from './in-memory-risk.js';

/** The stores the real look-up joins: campaigns, merchants, affiliates and memberships, teams, sales. */
export interface SaleContextSources {
  readonly campaigns: Pick<CampaignRepository, 'findById'>;
  readonly merchants: Pick<MerchantRepository, 'findById'>;
  readonly programs: InMemoryPrograms;
  readonly teams: Pick<TeamRepository, 'findById' | 'campaigns' | 'overrides'>;
  readonly conversions: { hasSales(tenant: Tenant, affiliateId: string): boolean; all(): readonly Conversion[] };
}

const inTenant = (tenant: Tenant, row: { merchantId: string; mode: Tenant['mode'] }) => row.merchantId === tenant.merchantId && row.mode === tenant.mode;

/**
 * The sale look-up over the in-memory stores, read as the SQL join reads its tables: the merchant's
 * campaign (either mode), the affiliate only if it has a membership with the merchant in the tenant's
 * mode (seeded whole in `InMemoryPrograms`), its membership on the campaign, the team's rates when that
 * membership is linked to a team, and what is live (rules, earlier sales, the click) at the time of asking.
 */
export class InMemorySaleContexts implements SaleContexts {
  /** Where the tenant's risk rules are read from (a test wires the gate's own store). */
  riskSettings: RiskSettingsRepository = new InMemoryRiskSettings();
  /** Where a click query asked along is answered from (a test wires the gate's own facts). */
  clickFacts: Pick<RiskFacts, 'saleClick'>;
  /** Click queries answered along with a look-up. */
  clickAnswers = 0;
  /** Look-ups made, so a test can tell a refusal that read nothing from one that did. */
  lookups = 0;

  constructor(private readonly sources: SaleContextSources) {
    this.clickFacts = new InMemoryRiskFacts({ conversions: sources.conversions, programs: sources.programs });
  }

  async find(tenant: Tenant, campaignId: string, affiliateId: string, click: SaleClickQuery | null = null): Promise<SaleContext | null> {
    this.lookups += 1;
    const campaign = await this.sources.campaigns.findById(tenant, campaignId);
    const merchant = campaign ? await this.sources.merchants.findById(campaign.merchantId) : null;
    if (!campaign || !merchant) return null;
    const { programs } = this.sources;
    const related = programs.memberships().some((m) => m.affiliateId === affiliateId && inTenant(tenant, m));
    const affiliate = related ? (programs.wholeAffiliate(affiliateId) ?? null) : null;
    const record = affiliate ? programs.membership(campaignId, affiliateId) : undefined;
    const membership = record && inTenant(tenant, record) ? (programs.wholeMembership(campaignId, affiliateId) ?? null) : null;
    // As the real look-up: asked along only for the sale's own affiliate and a click id that can name a row.
    const asked = click && click.affiliateId === affiliateId && clickRowIdOf(click.clickId) !== null ? click : null;
    if (asked) this.clickAnswers += 1;
    return {
      campaign,
      affiliate,
      membership,
      rates: await this.ratesOf(tenant, campaign, membership ? (record?.teamId ?? null) : null, membership),
      merchantEarningsCap: merchant.monthlyEarningsCap,
      merchantReportingCurrency: merchant.reportingCurrency,
      merchantBusinessName: merchant.businessName,
      riskSettings: await this.riskSettings.get(tenant),
      affiliateHasSales: affiliate ? this.sources.conversions.hasSales(tenant, affiliate.id) : false,
      ...(asked ? { saleClick: { query: asked, facts: await this.clickFacts.saleClick(tenant, asked) } } : {}),
    };
  }

  /** The campaign's rate and tiers, with the team's base and campaign rates and the member's override when the membership is linked to a team. */
  private async ratesOf(tenant: Tenant, campaign: Campaign, teamId: string | null, membership: Membership | null): Promise<CommissionRates> {
    const own: CommissionRates = { campaign: { type: campaign.commissionType, value: campaign.commissionValue }, campaignTiers: campaign.commissionTiers };
    const team = teamId === null ? null : await this.sources.teams.findById(tenant, teamId);
    if (!team || !membership) return own;
    const link = (await this.sources.teams.campaigns(tenant, team.id)).find((c) => c.campaignId === campaign.id);
    const override = (await this.sources.teams.overrides(tenant, team.id)).find((o) => o.campaignId === campaign.id && o.affiliateId === membership.affiliateId);
    return {
      ...own,
      teamBase: team.baseRate,
      teamCampaign: link?.rate ?? null,
      override: override?.rate ?? null,
      overrideRecurringValue: override?.recurringValue ?? null,
    };
  }
}
