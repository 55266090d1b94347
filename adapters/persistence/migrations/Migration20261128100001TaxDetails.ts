import { Migration } from '@mikro-orm/migrations';

/**
 * Affiliates' tax details, one row per version (a change adds a row, none is updated). `summary` is
 * the masked view every screen shows; `sealed` the full form, TIN and signature included, sealed with
 * the service key as payout credentials are.
 */
export class Migration20261128100001TaxDetails extends Migration {
  override up(): void {
    this.addSql(`
      create table affiliate_tax_details (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        affiliate_id uuid not null references affiliates (id),
        version integer not null check (version > 0),
        country text not null,
        form text not null check (form in ('w9', 'w8ben', 'w8bene')),
        summary jsonb not null,
        sealed text not null,
        key_id text not null,
        created_at timestamptz not null,
        unique (affiliate_id, version)
      );`);
    this.addSql('create index affiliate_tax_details_merchant on affiliate_tax_details (merchant_id, affiliate_id, version desc);');
  }
}
