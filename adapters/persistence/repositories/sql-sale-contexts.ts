import type { SaleClickQuery } from '../../../application/ports/risk-facts.js';
import type { SaleContext, SaleContexts } from '../../../application/ports/sale-context.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type Campaign, type CommissionRates, type CurrencyCode, type RiskSettingsPatch } from '../../../domain/index.js';
import { riskSettingsFromRow } from '../mappers/risk-settings.mapper.js';
import { affiliateColumns, affiliateFromRow, membershipColumns, membershipFromRow, type AffiliateRow, type MembershipRow } from '../mappers/affiliate.mapper.js';
import { campaignColumns, campaignFromRow, type CampaignRow } from '../mappers/campaign.mapper.js';
import { unprefixed } from '../mappers/prefixed-columns.js';
import { rateOf } from '../mappers/team.mapper.js';
import type { Orm } from '../orm.js';
import { runCommittedRead } from '../named-statement.js';
import { clickRowIdOf, saleClickFromRow, saleClickSql, saleClickValues, type SaleClickRow } from './sale-click.sql.js';

interface TeamRatesRow {
  team_id: string | null;
  team_base_type: string | null;
  team_base_value: string | null;
  team_campaign_type: string | null;
  team_campaign_value: string | null;
  override_type: string | null;
  override_value: string | null;
  override_recurring_value: string | null;
}

type SaleContextRow = CampaignRow &
  TeamRatesRow & {
    merchant_earnings_cap: string | null;
    merchant_reporting_currency: string;
    merchant_business_name: string;
    risk_settings: RiskSettingsPatch | null;
    risk_settings_updated_at: Date | null;
    affiliate_has_sales: boolean;
    sale_click?: SaleClickRow | null;
  } & Record<string, unknown>;

const AFFILIATE = 'affiliate__';
const MEMBERSHIP = 'membership__';

/** The campaign's own rate and tiers, with the team's rates when the membership is linked to a team. */
const ratesOf = (campaign: Campaign, r: TeamRatesRow): CommissionRates => {
  const own: CommissionRates = { campaign: { type: campaign.commissionType, value: campaign.commissionValue }, campaignTiers: campaign.commissionTiers };
  if (r.team_id === null) return own;
  return {
    ...own,
    teamBase: rateOf(r.team_base_type, r.team_base_value),
    teamCampaign: rateOf(r.team_campaign_type, r.team_campaign_value),
    override: rateOf(r.override_type, r.override_value),
    overrideRecurringValue: r.override_recurring_value === null ? null : new Decimal(r.override_recurring_value),
  };
};

/**
 * The campaign with its merchant's cap, the affiliate as the tenant sees it, its membership on the
 * campaign, the team rates, the tenant's risk rules and whether the affiliate has sold before, in one
 * indexed statement (each joined row by its key). Parameters:
 * merchant id, mode, campaign id, affiliate id.
 */
const SALE_CONTEXT = `select ${campaignColumns('c')}, ${affiliateColumns('a', AFFILIATE)}, ${membershipColumns('m', MEMBERSHIP)},
    mer.monthly_earnings_cap::text as merchant_earnings_cap, mer.reporting_currency as merchant_reporting_currency,
    mer.business_name as merchant_business_name, rs.settings as risk_settings, rs.updated_at as risk_settings_updated_at,
    exists (select 1 from conversions s where s.merchant_id = $1 and s.mode = $2 and s.affiliate_id = a.id) as affiliate_has_sales,
    t.id as team_id, t.base_commission_type as team_base_type, t.base_commission_value::text as team_base_value,
    tc.commission_type as team_campaign_type, tc.commission_value::text as team_campaign_value,
    o.commission_type as override_type, o.commission_value::text as override_value,
    o.recurring_value::text as override_recurring_value
  from campaigns c
  join merchants mer on mer.id = c.merchant_id
  left join risk_settings rs on rs.merchant_id = $1 and rs.mode = $2
  left join affiliates a on a.id = $4 and exists (
    select 1 from affiliate_memberships v
    where v.affiliate_id = a.id and v.merchant_id = $1 and v.mode = $2)
  left join affiliate_memberships m on m.affiliate_id = a.id and m.campaign_id = c.id
    and m.merchant_id = $1 and m.mode = $2
  left join teams t on t.id = m.team_id
  left join team_campaigns tc on tc.team_id = m.team_id and tc.campaign_id = m.campaign_id
  left join team_overrides o on o.team_id = m.team_id and o.campaign_id = m.campaign_id and o.affiliate_id = m.affiliate_id
  where c.id = $3 and c.merchant_id = $1`;

/**
 * The same look-up with a sale's click and its visitor (one json column; null when the click is not
 * the tenant's), so a sale whose risk rules read its click costs no second statement. Parameters: as
 * above, then the click's row id and the click query's own values.
 */
const SALE_CONTEXT_WITH_CLICK = SALE_CONTEXT.replace(
  '\n  from campaigns c',
  `, (select to_json(sc) from (${saleClickSql({ merchant: 1, mode: 2, affiliate: 4, rowId: 5, footprints: 6, clicksSince: 7, clicksLimit: 8, salesSince: 9, salesLimit: 10 })}) sc) as sale_click
  from campaigns c`,
);

const saleContextFromRow = (row: SaleContextRow, click: SaleClickQuery | null): SaleContext => {
  const campaign = campaignFromRow(row);
  const affiliate = unprefixed<AffiliateRow>(row, AFFILIATE);
  const membership = unprefixed<MembershipRow>(row, MEMBERSHIP);
  return {
    campaign,
    affiliate: affiliate ? affiliateFromRow(affiliate) : null,
    membership: membership ? membershipFromRow(membership) : null,
    rates: ratesOf(campaign, row),
    merchantEarningsCap: row.merchant_earnings_cap === null ? null : new Decimal(row.merchant_earnings_cap),
    merchantReportingCurrency: row.merchant_reporting_currency as CurrencyCode,
    merchantBusinessName: row.merchant_business_name,
    riskSettings: riskSettingsFromRow(row.risk_settings === null || row.risk_settings_updated_at === null ? undefined : { settings: row.risk_settings, updated_at: row.risk_settings_updated_at }),
    affiliateHasSales: row.affiliate_has_sales,
    ...(click ? { saleClick: { query: click, facts: row.sale_click ? saleClickFromRow(row.sale_click) : null } } : {}),
  };
};

export class SqlSaleContexts implements SaleContexts {
  constructor(private readonly orm: Orm) {}

  async find(tenant: Tenant, campaignId: string, affiliateId: string, click: SaleClickQuery | null = null): Promise<SaleContext | null> {
    // A click query is answered along only for this sale's affiliate and a click id that can name a row.
    const rowId = click && click.affiliateId === affiliateId ? clickRowIdOf(click.clickId) : null;
    const asked = rowId === null ? null : click;
    const values = [tenant.merchantId, tenant.mode, campaignId, affiliateId, ...(asked ? [rowId, ...saleClickValues(asked)] : [])];
    const [text, name] = asked ? [SALE_CONTEXT_WITH_CLICK, 'sale_context_click'] : [SALE_CONTEXT, 'sale_context'];
    // By name, planned once per lane. Also inside a caller's transaction (a provider's sale): its
    // campaign, affiliate, membership, merchant and risk settings are never written there, so the
    // read goes beside the transaction (`runCommittedRead`) and answers as its connection would.
    const [row] = await runCommittedRead<SaleContextRow>(this.orm, name, text, values);
    return row ? saleContextFromRow(row, asked) : null;
  }
}
