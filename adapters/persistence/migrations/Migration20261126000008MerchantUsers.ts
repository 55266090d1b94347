import { Migration } from '@mikro-orm/migrations';

/** People who sign in to a merchant's dashboard; one account per (lowercased) email across the service. */
export class Migration20261126000008MerchantUsers extends Migration {
  override up(): void {
    this.addSql(`
      create table merchant_users (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        email text not null unique check (email = lower(email)),
        role text not null check (role in ('owner', 'member')),
        manage_payouts boolean not null,
        password_hash text null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index merchant_users_merchant_idx on merchant_users (merchant_id, created_at);`);
  }
}
