import { Migration } from '@mikro-orm/migrations';

/**
 * What a merchant sets for itself in the dashboard beside the operator's fields: a portal domain
 * waiting for its DNS proof (the verified one is `merchants.custom_domain`), the portal's logo and
 * colour, and which notices also arrive by email. One row per merchant, made when first saved.
 */
export class Migration20261128130001MerchantSettings extends Migration {
  override up(): void {
    this.addSql(`
      create table merchant_settings (
        merchant_id uuid primary key references merchants (id) on delete cascade,
        requested_domain text,
        domain_token text,
        domain_status text check (domain_status in ('pending', 'verified', 'failed')),
        domain_requested_at timestamptz,
        domain_checked_at timestamptz,
        brand_colour text check (brand_colour ~ '^#[0-9a-f]{6}$'),
        logo_data_url text check (length(logo_data_url) <= 100000),
        email_notices jsonb not null default '["new_application", "first_sale", "failures"]',
        updated_at timestamptz not null,
        check ((requested_domain is null) = (domain_status is null))
      );`);
    // The domain job looks only at domains still waiting.
    // A notice told once (an affiliate's first sale, an application) carries its key; a second telling is dropped.
    this.addSql(`alter table notifications add column once_key text;`);
    this.addSql(`create unique index notifications_once_key on notifications (merchant_id, mode, once_key) where once_key is not null;`);
    this.addSql(`create index merchant_settings_pending_domains on merchant_settings (domain_requested_at) where domain_status = 'pending';`);
  }
}
