import { Migration } from '@mikro-orm/migrations';
import snapshot from '../seed/exchange-rates-2026-11.json' with { type: 'json' };

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * Campaigns, affiliates and their campaign memberships, invitations, the mail outbox, clicks,
 * exchange rates (seeded from the shipped snapshot), and the conversions table that campaign and
 * affiliate statistics read (the conversion use cases write it; a later migration adds their columns).
 */
export class Migration20261122000002CampaignsAffiliates extends Migration {
  override up(): void {
    this.addSql(`
      create table campaigns (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        name text not null check (char_length(name) >= 2),
        description text null,
        tracking_code text not null,
        status text not null check (status in ('active', 'inactive', 'expired')),
        commission_type text not null check (commission_type in ('percentage', 'fixed')),
        commission_value numeric(20,6) not null check (commission_value >= 0),
        target_url text null,
        auto_approve_affiliates boolean not null default false,
        auto_approve_commissions_after_days integer null
          check (auto_approve_commissions_after_days in (7, 14, 30, 60, 90)),
        is_public boolean not null default true,
        enable_recurring_commissions boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1
      );`);
    this.addSql(`create unique index campaigns_tracking_code_key on campaigns (tracking_code);`);
    this.addSql(`create index campaigns_merchant_created_idx on campaigns (merchant_id, created_at desc, id desc);`);

    this.addSql(`
      create table affiliates (
        id uuid primary key,
        email text not null,
        name text not null,
        is_test boolean not null,
        headless boolean not null,
        created_via text not null check (created_via in ('api', 'signup')),
        ref_code text not null,
        payout_method text null check (payout_method in ('connect', 'wallet_a', 'transfer_b')),
        payout_email text null,
        payout_details_completed_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1
      );`);
    // Globally unique email, case-insensitive, within each mode (test affiliates never block live ones).
    this.addSql(`create unique index affiliates_email_key on affiliates (is_test, lower(email));`);
    this.addSql(`create unique index affiliates_ref_code_key on affiliates (ref_code);`);

    this.addSql(`
      create table affiliate_memberships (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        campaign_id uuid not null references campaigns (id),
        affiliate_id uuid not null references affiliates (id),
        status text not null check (status in ('pending', 'approved', 'rejected')),
        joined_at timestamptz not null,
        decided_at timestamptz null,
        updated_at timestamptz not null,
        version integer not null default 1,
        unique (campaign_id, affiliate_id)
      );`);
    this.addSql(`create index affiliate_memberships_tenant_idx on affiliate_memberships (merchant_id, mode, joined_at desc, id desc);`);
    this.addSql(`create index affiliate_memberships_affiliate_idx on affiliate_memberships (affiliate_id);`);

    this.addSql(`
      create table affiliate_invitations (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        campaign_id uuid not null references campaigns (id),
        email text not null,
        name text null,
        status text not null check (status in ('pending', 'accepted', 'revoked')),
        created_at timestamptz not null
      );`);
    this.addSql(`
      create unique index affiliate_invitations_pending_key
        on affiliate_invitations (merchant_id, mode, campaign_id, lower(email)) where status = 'pending';`);

    this.addSql(`
      create table mail_outbox (
        id uuid primary key,
        merchant_id uuid null references merchants (id),
        kind text not null,
        recipient text not null,
        subject text not null,
        body text not null,
        created_at timestamptz not null,
        sent_at timestamptz null
      );`);
    this.addSql(`create index mail_outbox_unsent_idx on mail_outbox (created_at, id) where sent_at is null;`);

    this.addSql(`
      create table clicks (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        campaign_id uuid not null references campaigns (id),
        affiliate_id uuid not null references affiliates (id),
        visitor_hash text not null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index clicks_affiliate_idx on clicks (merchant_id, mode, affiliate_id, created_at desc);`);
    this.addSql(`create index clicks_campaign_idx on clicks (merchant_id, mode, campaign_id, created_at desc);`);

    // Server-side secrets that must survive restarts (the salt of click visitor fingerprints).
    this.addSql(`create table service_secrets (name text primary key, value text not null);`);
    this.addSql(`
      insert into service_secrets (name, value) values ('click_fingerprint_salt',
        replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));`);

    this.addSql(`
      create table conversions (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        campaign_id uuid not null references campaigns (id),
        affiliate_id uuid not null references affiliates (id),
        amount numeric(20,6) not null,
        tax_amount numeric(20,6) null,
        commission numeric(20,6) not null,
        currency text not null,
        status text not null check (status in ('pending', 'approved', 'paid', 'rejected', 'refunded', 'held')),
        conversion_type text not null default 'one_time',
        source text not null,
        order_id text null,
        click_id uuid null,
        customer_email text null,
        customer_name text null,
        parent_conversion_id uuid null,
        refunded_amount numeric(20,6) null,
        payout_method text null,
        payout_date timestamptz null,
        card_transfer_id text null,
        approved_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1
      );`);
    this.addSql(`create unique index conversions_order_id_key on conversions (merchant_id, mode, order_id) where order_id is not null;`);
    this.addSql(`create index conversions_campaign_idx on conversions (merchant_id, mode, campaign_id, created_at desc);`);
    this.addSql(`create index conversions_affiliate_idx on conversions (merchant_id, mode, affiliate_id, created_at desc);`);

    this.addSql(`
      create table exchange_rates (
        rate_date date not null,
        currency text not null check (currency ~ '^[a-z]{3}$'),
        usd_per_unit numeric(24,12) not null check (usd_per_unit > 0),
        primary key (currency, rate_date)
      );`);
    const rows = Object.entries(snapshot.usdPerUnit)
      .map(([currency, rate]) => `(${literal(snapshot.date)}, ${literal(currency)}, ${literal(rate)})`)
      .join(',\n        ');
    this.addSql(`insert into exchange_rates (rate_date, currency, usd_per_unit) values\n        ${rows};`);
  }
}
