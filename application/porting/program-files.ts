/**
 * The program's portable format: one CSV file per resource, the header row naming these columns in
 * this order. The export writes it and the CSV import reads it; docs/import-export.md describes
 * every column. Cells are text: empty for none, `true`/`false`, decimals with a dot, ISO 8601 UTC times.
 */
export const PROGRAM_FILES = [
  {
    resource: 'campaigns',
    columns: [
      'id',
      'name',
      'description',
      'tracking_code',
      'status',
      'commission_type',
      'commission_value',
      'recurring',
      'recurring_months',
      'cookie_days',
      'commission_tiers',
      'target_url',
      'auto_approve_affiliates',
      'auto_approve_commissions_after_days',
      'is_public',
      'ends_at',
      'created_at',
    ],
  },
  { resource: 'affiliates', columns: ['id', 'email', 'name', 'ref_code', 'payout_method', 'payout_email', 'notes', 'tags', 'created_at'] },
  { resource: 'referral_links', columns: ['affiliate_id', 'campaign_id', 'status', 'ref_code', 'joined_at', 'decided_at'] },
  {
    resource: 'coupons',
    columns: ['id', 'campaign_id', 'affiliate_id', 'provider', 'code', 'percent_off', 'amount_off', 'currency', 'provider_discount_id', 'apple_offer_type', 'created_at'],
  },
  { resource: 'customers', columns: ['id', 'email', 'provider', 'provider_customer_id', 'affiliate_id', 'campaign_id', 'source', 'created_at'] },
  {
    resource: 'commissions',
    columns: [
      'id',
      'campaign_id',
      'affiliate_id',
      'conversion_type',
      'source',
      'status',
      'amount',
      'tax_amount',
      'commission',
      'currency',
      'order_id',
      'customer_email',
      'customer_name',
      'parent_commission_id',
      'refunded_amount',
      'approved_at',
      'paid_at',
      'created_at',
    ],
  },
  {
    resource: 'payouts',
    // A payout of a product that pays in batches names a period instead of its commissions; ours name the commission.
    columns: [
      'id',
      'commission_id',
      'affiliate_id',
      'campaign_id',
      'amount',
      'currency',
      'status',
      'payout_method',
      'scheduled_date',
      'completed_at',
      'provider_reference',
      'created_at',
      'period_start',
      'period_end',
    ],
  },
  { resource: 'webhooks', columns: ['id', 'url', 'events', 'active', 'max_retries', 'created_at'] },
  { resource: 'clicks', columns: ['id', 'campaign_id', 'affiliate_id', 'landing_url', 'referrer', 'created_at'] },
  { resource: 'teams', columns: ['id', 'name', 'currency', 'leader_affiliate_id', 'base_commission_type', 'base_commission_value', 'created_at'] },
  { resource: 'team_members', columns: ['team_id', 'affiliate_id', 'joined_at'] },
  { resource: 'team_campaigns', columns: ['team_id', 'campaign_id', 'commission_type', 'commission_value', 'created_at'] },
  {
    resource: 'team_goals',
    columns: [
      'id',
      'team_id',
      'name',
      'scope',
      'campaign_id',
      'metric',
      'target_value',
      'period_mode',
      'period_start',
      'period_end',
      'bonus_type',
      'bonus_value',
      'bonus_tiers',
      'bonus_cap',
      'bonus_scope',
      'bonus_split',
      'bonus_visibility',
      'refund_safe_days',
      'status',
      'created_at',
    ],
  },
  {
    resource: 'team_awards',
    columns: ['id', 'team_id', 'goal_id', 'period_key', 'affiliate_id', 'amount', 'currency', 'status', 'contributing_count', 'contributing_amount', 'approved_at', 'paid_at', 'payout_method', 'payout_reference', 'created_at'],
  },
] as const;

export type ProgramResource = (typeof PROGRAM_FILES)[number]['resource'];

/** One row of a program file: each column's cell, `''` for none. */
export type ProgramRow = Readonly<Record<string, string>>;

/** Files whose rows have no id of their own: a row is named by the pair of ids it links. */
export const PAIR_KEYS: Partial<Record<ProgramResource, readonly [string, string]>> = {
  referral_links: ['affiliate_id', 'campaign_id'],
  team_members: ['team_id', 'affiliate_id'],
  team_campaigns: ['team_id', 'campaign_id'],
};

export const fileNameOf = (resource: ProgramResource): string => `${resource}.csv`;
