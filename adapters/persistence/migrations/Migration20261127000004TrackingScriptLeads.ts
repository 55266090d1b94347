import { Migration } from '@mikro-orm/migrations';

/**
 * Leads: customers linked to the affiliate who referred them (by the tracking script's `lead()`, a
 * provider's customer notification or `POST /customers`), one row per customer of a tenant. A
 * customer is known by its provider's customer id when it has one, else by its email
 * (`customer_key`); the first link stays.
 */
export class Migration20261127000004TrackingScriptLeads extends Migration {
  override up(): void {
    this.addSql(`
      create table customers (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        customer_key text not null,
        email text null,
        provider text null,
        provider_customer_id text null,
        affiliate_id uuid not null references affiliates (id),
        campaign_id uuid not null references campaigns (id),
        click_id uuid null,
        source text not null,
        created_at timestamptz not null,
        unique (merchant_id, mode, customer_key)
      );`);
    this.addSql(`create index customers_list_idx on customers (merchant_id, mode, created_at desc, id desc);`);
  }
}
