import type { ProgramResource } from '../../../../application/porting/program-files.js';

/** A time as ISO 8601 in UTC with milliseconds, whatever the session's time zone. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A decimal without the column's trailing zeros (`12.5`, not `12.500000`). */
const decimal = (column: string) => `trim_scale(${column})::text`;

/**
 * Per resource: the select list (aliased to the portable columns, `key` the keyset cursor) and the
 * tenant's rows after `$3`. `$1` is the merchant, `$2` the mode. Campaigns belong to the merchant in
 * both modes; affiliates are those with a membership in the mode.
 */
export const EXPORT_SQL: Record<ProgramResource, string> = {
  campaigns: `select c.id::text as key, c.id, c.name, c.description, c.tracking_code, c.status, c.commission_type, ${decimal('c.commission_value')} as commission_value,
      c.enable_recurring_commissions as recurring, c.recurring_commission_months as recurring_months, c.attribution_window_days as cookie_days,
      c.commission_tiers, c.target_url, c.auto_approve_affiliates, c.auto_approve_commissions_after_days, c.is_public, ${iso('c.ends_at')} as ends_at, ${iso('c.created_at')} as created_at
    from campaigns c where c.merchant_id = $1 and $2::text is not null and c.id > $3::uuid order by c.id limit $4`,
  affiliates: `select a.id::text as key, a.id, a.email, a.name, a.ref_code, a.payout_method, a.payout_email, a.notes,
      case when jsonb_array_length(a.tags) = 0 then null else a.tags end as tags, ${iso('a.created_at')} as created_at
    from affiliates a where a.merchant_id = $1 and a.id > $3::uuid
      and exists (select 1 from affiliate_memberships m where m.affiliate_id = a.id and m.merchant_id = $1 and m.mode = $2)
    order by a.id limit $4`,
  referral_links: `select m.id::text as key, m.affiliate_id, m.campaign_id, m.status, a.ref_code, ${iso('m.joined_at')} as joined_at, ${iso('m.decided_at')} as decided_at
    from affiliate_memberships m join affiliates a on a.id = m.affiliate_id
    where m.merchant_id = $1 and m.mode = $2 and m.id > $3::uuid order by m.id limit $4`,
  coupons: `select k.id::text as key, k.id, k.campaign_id, k.affiliate_id, k.provider, k.code, ${decimal('k.percent_off')} as percent_off, ${decimal('k.amount_off')} as amount_off, k.currency,
      coalesce(k.card_promotion_code_id, k.merchant_a_discount_id, k.mor_b_discount_id, k.mor_c_discount_id) as provider_discount_id,
      k.apple_offer_type, ${iso('k.created_at')} as created_at
    from coupons k where k.merchant_id = $1 and k.mode = $2 and k.deleted_at is null and k.id > $3::uuid order by k.id limit $4`,
  customers: `select u.id::text as key, u.id, u.email, u.provider, u.provider_customer_id, u.affiliate_id, u.campaign_id, u.source, ${iso('u.created_at')} as created_at
    from customers u where u.merchant_id = $1 and u.mode = $2 and u.id > $3::uuid order by u.id limit $4`,
  commissions: `select v.id::text as key, v.id, v.campaign_id, v.affiliate_id, v.conversion_type, v.source, v.status, ${decimal('v.amount')} as amount, ${decimal('v.tax_amount')} as tax_amount,
      ${decimal('v.commission')} as commission, v.currency, v.order_id, v.customer_email, v.customer_name, v.parent_conversion_id as parent_commission_id,
      ${decimal('v.refunded_amount')} as refunded_amount, ${iso('v.approved_at')} as approved_at, ${iso('v.payout_date')} as paid_at, ${iso('v.created_at')} as created_at
    from conversions v where v.merchant_id = $1 and v.mode = $2 and v.id > $3::uuid order by v.id limit $4`,
  payouts: `select p.id::text as key, p.id, p.conversion_id as commission_id, p.affiliate_id, p.campaign_id, ${decimal('p.amount')} as amount, p.currency, p.status,
      p.payout_method, ${iso('p.scheduled_date')} as scheduled_date, ${iso('p.completed_at')} as completed_at, p.provider_reference, ${iso('p.created_at')} as created_at
    from payouts p where p.merchant_id = $1 and p.mode = $2 and p.id > $3::uuid order by p.id limit $4`,
  // The signing secret is never exported: the importing side makes a new one.
  webhooks: `select w.id::text as key, w.id, w.url, w.events, w.active, w.max_retries, ${iso('w.created_at')} as created_at
    from webhook_subscriptions w where w.merchant_id = $1 and w.mode = $2 and w.id > $3::uuid order by w.id limit $4`,
  // Clicks of the export's date range only ($5 inclusive, $6 exclusive): visitors' hashes are never exported.
  clicks: `select k.id::text as key, k.id, k.campaign_id, k.affiliate_id, k.landing_url, k.referrer, ${iso('k.created_at')} as created_at
    from clicks k where k.merchant_id = $1 and k.mode = $2 and k.id > $3::uuid and k.created_at >= $5 and k.created_at < $6 order by k.id limit $4`,
  teams: `select t.id::text as key, t.id, t.name, t.currency, t.leader_affiliate_id, t.base_commission_type, ${decimal('t.base_commission_value')} as base_commission_value,
      ${iso('t.created_at')} as created_at
    from teams t where t.merchant_id = $1 and t.mode = $2 and t.id > $3::uuid order by t.id limit $4`,
  // Rows without an id of their own page on their pair of ids, as text.
  team_members: `select m.team_id::text || ':' || m.affiliate_id::text as key, m.team_id, m.affiliate_id, ${iso('m.joined_at')} as joined_at
    from team_members m where m.merchant_id = $1 and m.mode = $2 and m.team_id::text || ':' || m.affiliate_id::text > $3::text order by 1 limit $4`,
  team_campaigns: `select c.team_id::text || ':' || c.campaign_id::text as key, c.team_id, c.campaign_id, c.commission_type, ${decimal('c.commission_value')} as commission_value,
      ${iso('c.created_at')} as created_at
    from team_campaigns c where c.merchant_id = $1 and c.mode = $2 and c.team_id::text || ':' || c.campaign_id::text > $3::text order by 1 limit $4`,
  team_goals: `select g.id::text as key, g.id, g.team_id, g.name, g.scope, g.campaign_id, g.metric, ${decimal('g.target_value')} as target_value, g.period_mode,
      ${iso('g.period_start')} as period_start, ${iso('g.period_end')} as period_end, g.bonus_type, ${decimal('g.bonus_value')} as bonus_value, g.bonus_tiers,
      ${decimal('g.bonus_cap')} as bonus_cap, g.bonus_scope, g.bonus_split, g.bonus_visibility, g.refund_safe_days, g.status, ${iso('g.created_at')} as created_at
    from team_goals g where g.merchant_id = $1 and g.mode = $2 and g.id > $3::uuid order by g.id limit $4`,
  team_awards: `select a.id::text as key, a.id, a.team_id, a.goal_id, a.period_key, a.affiliate_id, ${decimal('a.amount')} as amount, a.currency, a.status,
      a.contributing_count, ${decimal('a.contributing_amount')} as contributing_amount, ${iso('a.approved_at')} as approved_at, ${iso('a.paid_at')} as paid_at,
      a.payout_method, a.payout_reference, ${iso('a.created_at')} as created_at
    from team_awards a where a.merchant_id = $1 and a.mode = $2 and a.id > $3::uuid order by a.id limit $4`,
};
