import { Migration } from '@mikro-orm/migrations';

/**
 * Sales from payment providers: integrations (one receiving endpoint each), the log of what arrived
 * (one effect per provider event id), customers attributed to affiliates, the payment ids a refund or
 * dispute names a sale's order by (kept by order id, so they may arrive before the sale), and the commission a refund after payout takes back.
 */
export class Migration20261126000006SalesFromProviders extends Migration {
  override up(): void {
    this.addSql(`create table integrations (
      id uuid primary key,
      merchant_id uuid not null references merchants(id),
      mode text not null check (mode in ('live', 'test')),
      provider text not null,
      name text null,
      signing_secret text not null,
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz null);`);
    this.addSql(`create index integrations_tenant_idx on integrations (merchant_id, mode, created_at desc, id desc) where deleted_at is null;`);

    // The first delivery of a provider event id carries its effect (unique); later ones are logged as duplicates.
    this.addSql(`create table integration_events (
      id uuid primary key,
      integration_id uuid not null references integrations(id),
      merchant_id uuid not null,
      mode text not null,
      provider_event_id text not null,
      type text not null,
      received_at timestamptz not null,
      outcome text not null,
      reason text null,
      error_code text null,
      conversion_id uuid null,
      payload jsonb null);`);
    this.addSql(`create unique index integration_events_effect_idx on integration_events (integration_id, provider_event_id) where outcome <> 'duplicate';`);
    this.addSql(`create index integration_events_log_idx on integration_events (integration_id, received_at desc, id desc);`);

    this.addSql(`create table provider_customers (
      merchant_id uuid not null,
      mode text not null,
      provider text not null,
      provider_customer_id text not null,
      affiliate_id uuid not null,
      campaign_id uuid not null,
      click_id text null,
      email text null,
      first_conversion_id uuid null,
      linked_at timestamptz not null,
      primary key (merchant_id, mode, provider, provider_customer_id));`);

    this.addSql(`create table provider_payment_refs (
      merchant_id uuid not null,
      mode text not null,
      provider text not null,
      reference text not null,
      order_id text not null,
      primary key (merchant_id, mode, provider, reference));`);

    this.addSql(`create table commission_adjustments (
      id uuid primary key,
      merchant_id uuid not null,
      mode text not null,
      affiliate_id uuid not null,
      conversion_id uuid not null references conversions(id),
      currency text not null,
      amount numeric(20,6) not null check (amount >= 0),
      refunded_sale numeric(20,6) not null check (refunded_sale > 0),
      created_at timestamptz not null);`);
    this.addSql(`create index commission_adjustments_affiliate_idx on commission_adjustments (merchant_id, mode, affiliate_id, currency);`);
    this.addSql(`create index commission_adjustments_conversion_idx on commission_adjustments (conversion_id);`);
  }
}
