import { Migration } from '@mikro-orm/migrations';

/**
 * Affiliate teams (rosters, team campaigns with their rates, per-member overrides), goals,
 * closed goal periods (the frozen result each award is computed from), bonus awards and the team
 * chat thread records. A campaign membership linked to a team (`affiliate_memberships.team_id`)
 * earns that team's rates.
 */
export class Migration20261122000009Teams extends Migration {
  override up(): void {
    this.addSql(`
      create table teams (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        name text not null check (char_length(name) between 1 and 120),
        currency text not null check (currency ~ '^[a-z]{3}$'),
        leader_affiliate_id uuid null references affiliates (id),
        base_commission_type text null check (base_commission_type in ('percentage', 'fixed')),
        base_commission_value numeric(20,6) null check (base_commission_value >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint teams_base_rate_check check ((base_commission_type is null) = (base_commission_value is null))
      );`);
    this.addSql(`create index teams_tenant_idx on teams (merchant_id, mode, created_at desc, id desc);`);

    this.addSql(`
      create table team_members (
        team_id uuid not null references teams (id),
        affiliate_id uuid not null references affiliates (id),
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        joined_at timestamptz not null,
        primary key (team_id, affiliate_id)
      );`);
    this.addSql(`create index team_members_affiliate_idx on team_members (affiliate_id);`);

    this.addSql(`
      create table team_campaigns (
        team_id uuid not null references teams (id),
        campaign_id uuid not null references campaigns (id),
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        commission_type text null check (commission_type in ('percentage', 'fixed')),
        commission_value numeric(20,6) null check (commission_value >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (team_id, campaign_id),
        constraint team_campaigns_rate_check check ((commission_type is null) = (commission_value is null))
      );`);
    this.addSql(`create index team_campaigns_campaign_idx on team_campaigns (campaign_id);`);

    // A (campaign, affiliate) membership earns the rates of at most one team: the one it is linked to.
    this.addSql(`alter table affiliate_memberships add column team_id uuid null references teams (id);`);
    this.addSql(`create index affiliate_memberships_team_idx on affiliate_memberships (team_id) where team_id is not null;`);

    this.addSql(`
      create table team_overrides (
        team_id uuid not null references teams (id),
        campaign_id uuid not null references campaigns (id),
        affiliate_id uuid not null references affiliates (id),
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        commission_type text not null check (commission_type in ('percentage', 'fixed')),
        commission_value numeric(20,6) not null check (commission_value >= 0),
        recurring_value numeric(20,6) null check (recurring_value >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (team_id, campaign_id, affiliate_id)
      );`);

    this.addSql(`
      create table team_goals (
        id uuid primary key,
        team_id uuid not null references teams (id),
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        name text not null check (char_length(name) between 1 and 120),
        scope text not null check (scope in ('team', 'campaign')),
        campaign_id uuid null references campaigns (id),
        metric text not null check (metric in ('revenue', 'conversions')),
        target_value numeric(20,6) not null check (target_value > 0),
        period_mode text not null check (period_mode in ('monthly', 'one_time')),
        period_start timestamptz not null,
        period_end timestamptz null,
        bonus_type text not null check (bonus_type in ('flat', 'tiered', 'percent_over')),
        bonus_value numeric(20,6) null,
        bonus_tiers jsonb null,
        bonus_cap numeric(20,6) null,
        bonus_scope text not null check (bonus_scope in ('team', 'leader')),
        bonus_split text not null check (bonus_split in ('equal', 'proportional')),
        bonus_visibility text not null check (bonus_visibility in ('all', 'leaders')),
        refund_safe_days integer not null check (refund_safe_days between 7 and 90),
        status text not null check (status in ('active', 'cancelled', 'ended')),
        current_period_key text not null,
        current_period_start timestamptz not null,
        -- When the running period ends on its own (null: open one-time goal); what the periods job scans.
        current_period_end timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint team_goals_campaign_check check ((scope = 'campaign') = (campaign_id is not null))
      );`);
    this.addSql(`create index team_goals_team_idx on team_goals (team_id, created_at, id);`);
    this.addSql(`create index team_goals_due_idx on team_goals (current_period_end, id) where status = 'active';`);

    this.addSql(`
      create table team_goal_periods (
        id uuid primary key,
        goal_id uuid not null references team_goals (id),
        team_id uuid not null references teams (id),
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        period_key text not null,
        period_start timestamptz not null,
        period_end timestamptz not null,
        closed_at timestamptz not null,
        window_ends_at timestamptz not null,
        settled_at timestamptz null,
        member_ids jsonb not null,
        campaign_ids jsonb not null,
        leader_affiliate_id uuid null,
        target_value numeric(20,6) not null,
        aggregate numeric(20,6) not null,
        hit boolean not null,
        by_member jsonb not null,
        excluded_by_currency jsonb not null,
        bonus_total numeric(20,6) not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint team_goal_periods_key unique (goal_id, period_key)
      );`);
    this.addSql(`create index team_goal_periods_window_idx on team_goal_periods (window_ends_at, id) where settled_at is null;`);
    this.addSql(`create index team_goal_periods_team_idx on team_goal_periods (team_id, period_start desc);`);

    this.addSql(`
      create table team_awards (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        team_id uuid not null references teams (id),
        goal_id uuid not null references team_goals (id),
        period_key text not null,
        affiliate_id uuid not null references affiliates (id),
        amount numeric(20,6) not null check (amount > 0),
        currency text not null,
        status text not null check (status in ('pending_window', 'pending_approval', 'approved', 'processing', 'paid', 'cancelled', 'failed')),
        payable_after timestamptz not null,
        contributing_count integer not null check (contributing_count >= 0),
        contributing_amount numeric(20,6) not null,
        approved_at timestamptz null,
        approved_by text null,
        paid_at timestamptz null,
        payout_method text null check (payout_method in ('connect', 'wallet_a', 'transfer_b')),
        card_transfer_id text null,
        failure_reason text null,
        cancel_reason text null,
        -- Automatic (connected-account) payouts: requests made, the provider's reference, when to look again.
        payout_attempts integer not null default 0 check (payout_attempts >= 0),
        payout_reference text null,
        next_payout_attempt_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint team_awards_member_key unique (goal_id, period_key, affiliate_id),
        constraint team_awards_period_fk foreign key (goal_id, period_key) references team_goal_periods (goal_id, period_key)
      );`);
    this.addSql(`create index team_awards_tenant_idx on team_awards (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`create index team_awards_team_idx on team_awards (team_id, created_at desc, id desc);`);
    this.addSql(`create index team_awards_payout_idx on team_awards (next_payout_attempt_at, id) where status in ('approved', 'processing');`);

    // The chat thread record outlives its team as a read-only archive, so it has no foreign key to it.
    this.addSql(`
      create table team_chat_threads (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        team_id uuid not null,
        team_name text not null,
        status text not null check (status in ('open', 'archived')),
        created_at timestamptz not null,
        archived_at timestamptz null
      );`);
    this.addSql(`create unique index team_chat_threads_team_key on team_chat_threads (team_id);`);
  }
}
