import { countedConversionSql } from '../../adapters/persistence/repositories/conversion-counting.sql.js';
import type { TestService } from './test-service.js';

const SALES = `count(*)::int as n, sum(amount) as r, sum(coalesce(tax_amount, 0)) as x, sum(commission) as c`;
const DIFFERS = `t.conversions is distinct from v.n or t.revenue is distinct from v.r or t.tax is distinct from v.x or t.commission is distinct from v.c`;

/**
 * Every statistics roll-up (kept by triggers) against a recount from the source rows (counted through the shared
 * fragment): the rows of each roll-up that differ, or exist on one side only. Empty when they agree.
 */
export const rollupMismatches = async (t: TestService): Promise<Record<string, unknown[]>> => {
  const counted = countedConversionSql('c');
  const queries: Record<string, string> = {
    conversion_daily_totals: `
      select * from conversion_daily_totals t full join (
        select merchant_id, mode, (created_at at time zone 'UTC')::date as day, currency, ${SALES}
        from conversions c where ${counted} group by 1, 2, 3, 4) v using (merchant_id, mode, day, currency)
      where ${DIFFERS}`,
    conversion_campaign_monthly_totals: `
      select * from conversion_campaign_monthly_totals t full join (
        select merchant_id, mode, campaign_id, date_trunc('month', created_at at time zone 'UTC')::date as month, currency, ${SALES}
        from conversions c where ${counted} group by 1, 2, 3, 4, 5) v using (merchant_id, mode, campaign_id, month, currency)
      where ${DIFFERS}`,
    conversion_affiliate_monthly_totals: `
      select * from conversion_affiliate_monthly_totals t full join (
        select merchant_id, mode, affiliate_id, date_trunc('month', created_at at time zone 'UTC')::date as month, currency, ${SALES}
        from conversions c where ${counted} group by 1, 2, 3, 4, 5) v using (merchant_id, mode, affiliate_id, month, currency)
      where ${DIFFERS}`,
    conversion_affiliate_monthly_ranks: `
      select * from conversion_affiliate_monthly_ranks t full join (
        select merchant_id, mode, date_trunc('month', created_at at time zone 'UTC')::date as month, affiliate_id,
               count(*)::int as n, sum(commission * coalesce(rr.usd_per_unit, 0)) as rc
        from conversions c left join ranking_reference_rates rr using (currency) where ${counted} group by 1, 2, 3, 4) v
        using (merchant_id, mode, month, affiliate_id)
      where t.conversions is distinct from v.n or t.reference_commission is distinct from v.rc`,
    click_daily_totals: `
      select * from click_daily_totals t full join (
        select merchant_id, mode, (created_at at time zone 'UTC')::date as day, count(*)::int as n from clicks group by 1, 2, 3) v
        using (merchant_id, mode, day)
      where t.clicks is distinct from v.n`,
    campaign_affiliate_counts: `
      select * from campaign_affiliate_counts t full join (
        select merchant_id, mode, campaign_id, count(*)::int as n from affiliate_memberships where status = 'approved' group by 1, 2, 3) v
        using (merchant_id, mode, campaign_id)
      where t.approved_affiliates is distinct from v.n`,
    merchant_affiliate_memberships: `
      select * from merchant_affiliate_memberships t full join (
        select merchant_id, mode, affiliate_id, count(*)::int as n from affiliate_memberships where status = 'approved' group by 1, 2, 3) v
        using (merchant_id, mode, affiliate_id)
      where t.approved_memberships is distinct from v.n`,
    merchant_affiliate_counts: `
      select * from merchant_affiliate_counts t full join (
        select merchant_id, mode, count(distinct affiliate_id)::int as n from affiliate_memberships where status = 'approved' group by 1, 2) v
        using (merchant_id, mode)
      where t.approved_affiliates is distinct from v.n`,
  };
  const result: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(queries)) {
    const rows = await t.sql(query);
    if (rows.length > 0) result[table] = rows;
  }
  return result;
};
