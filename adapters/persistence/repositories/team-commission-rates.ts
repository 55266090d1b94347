import { sql } from 'kysely';
import type { CommissionRatesProvider } from '../../../application/ports/commission-rates.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Campaign, CommissionRates } from '../../../domain/index.js';
import { rateOf } from '../mappers/team.mapper.js';
import { currentEm, type Orm } from '../orm.js';
import { PREPARED } from '../prepared-statements.js';

/**
 * The campaign's rates (from `base`) plus the team's, when the affiliate's membership on the campaign
 * is linked to a team: the team base rate, the team's rate on this campaign and the member's override.
 * The domain's `calculateCommission` applies the precedence (override > team campaign > team base >
 * campaign tier > campaign). One indexed query per sale.
 */
export class TeamCommissionRates implements CommissionRatesProvider {
  constructor(
    private readonly orm: Orm,
    private readonly base: CommissionRatesProvider,
  ) {}

  async ratesFor(tenant: Tenant, campaign: Campaign, affiliateId: string): Promise<CommissionRates> {
    const rates = await this.base.ratesFor(tenant, campaign, affiliateId);
    const { rows } = await sql<{
      base_type: string | null;
      base_value: string | null;
      campaign_type: string | null;
      campaign_value: string | null;
      override_type: string | null;
      override_value: string | null;
    }>`${PREPARED}
      select t.base_commission_type as base_type, t.base_commission_value as base_value,
        tc.commission_type as campaign_type, tc.commission_value as campaign_value,
        o.commission_type as override_type, o.commission_value as override_value
      from affiliate_memberships m
      join teams t on t.id = m.team_id
      left join team_campaigns tc on tc.team_id = m.team_id and tc.campaign_id = m.campaign_id
      left join team_overrides o on o.team_id = m.team_id and o.campaign_id = m.campaign_id and o.affiliate_id = m.affiliate_id
      where m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode} and m.campaign_id = ${campaign.id}
        and m.affiliate_id = ${affiliateId} and m.team_id is not null`.execute(currentEm(this.orm).getKysely());
    const row = rows[0];
    if (!row) return rates;
    return {
      ...rates,
      teamBase: rateOf(row.base_type, row.base_value),
      teamCampaign: rateOf(row.campaign_type, row.campaign_value),
      override: rateOf(row.override_type, row.override_value),
    };
  }
}
