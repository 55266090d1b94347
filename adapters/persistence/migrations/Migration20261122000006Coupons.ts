import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons, references to discount codes that live in a payment provider and attribute the
 * sales made with them. Tenant data (merchant and mode). Deleted coupons keep their row
 * (`deleted_at`), so past sales still resolve them; the unique and lookup indexes ignore them, so a
 * deleted code can be registered again and never attributes a new sale.
 */
export class Migration20261122000006Coupons extends Migration {
  override up(): void {
    this.addSql(`
      create table coupons (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        campaign_id uuid not null references campaigns (id),
        affiliate_id uuid not null references affiliates (id),
        provider text not null check (provider in ('card', 'mor_a', 'app_store', 'mor_b', 'mor_c')),
        code text not null check (char_length(code) between 1 and 100),
        card_promotion_code_id text null check (card_promotion_code_id like 'promo\\_%'),
        merchant_a_discount_id text null,
        mor_b_discount_id text null,
        mor_c_discount_id text null,
        apple_offer_type integer null check (apple_offer_type in (1, 2, 3)),
        percent_off numeric(20,6) null check (percent_off > 0 and percent_off <= 100),
        amount_off numeric(20,6) null check (amount_off > 0),
        currency text null check (currency ~ '^[a-z]{3}$'),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz null,
        version integer not null default 1,
        -- Each provider's own match id only, and the offer type only on app-store coupons.
        constraint coupons_match_id_of_provider check (
          (card_promotion_code_id is null or provider = 'card')
          and (merchant_a_discount_id is null or provider = 'mor_a')
          and (mor_b_discount_id is null or provider = 'mor_b')
          and (mor_c_discount_id is null or provider = 'mor_c')
          and (apple_offer_type is null or provider = 'app_store'))
      );`);
    // One live registration per (merchant, campaign, provider, mode, code); deleted rows do not count.
    this.addSql(`
      create unique index coupons_code_key on coupons (merchant_id, campaign_id, provider, mode, code)
        where deleted_at is null;`);
    // Attribution: a sale's provider and code (or provider discount id) within one merchant and mode.
    this.addSql(`
      create index coupons_attribution_code_idx on coupons (merchant_id, mode, provider, code)
        where deleted_at is null;`);
    this.addSql(`
      create index coupons_attribution_card_idx on coupons (merchant_id, mode, card_promotion_code_id)
        where deleted_at is null and card_promotion_code_id is not null;`);
    this.addSql(`
      create index coupons_attribution_mor_a_idx on coupons (merchant_id, mode, merchant_a_discount_id)
        where deleted_at is null and merchant_a_discount_id is not null;`);
    this.addSql(`
      create index coupons_attribution_mor_b_idx on coupons (merchant_id, mode, mor_b_discount_id)
        where deleted_at is null and mor_b_discount_id is not null;`);
    this.addSql(`
      create index coupons_attribution_mor_c_idx on coupons (merchant_id, mode, mor_c_discount_id)
        where deleted_at is null and mor_c_discount_id is not null;`);
    // The list: newest first within a tenant.
    this.addSql(`create index coupons_tenant_created_idx on coupons (merchant_id, mode, created_at desc, id desc) where deleted_at is null;`);
  }
}
