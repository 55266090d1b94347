import { Migration } from '@mikro-orm/migrations';

/**
 * Real payouts: each merchant's provider credentials (encrypted), its payout settings per mode, the
 * payments that carry one affiliate's due rows of one method and currency in one transfer, and the
 * affiliates' connected accounts on each merchant's card-processor account.
 */
export class Migration20261126000011RealPayouts extends Migration {
  override up(): void {
    this.addSql(`
      create table payout_provider_credentials (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        method text not null check (method in ('connect', 'wallet_a', 'transfer_b')),
        sealed text not null,
        key_id text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (merchant_id, mode, method)
      );`);

    this.addSql(`
      create table payout_settings (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        payout_day integer null check (payout_day between 1 and 28),
        minimum_payouts jsonb not null default '{}'::jsonb,
        updated_at timestamptz not null,
        primary key (merchant_id, mode)
      );`);

    this.addSql(`
      create table payout_payments (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        affiliate_id uuid not null references affiliates (id),
        method text not null check (method in ('connect', 'wallet_a', 'transfer_b')),
        currency text not null,
        gross numeric(20,6) not null check (gross > 0),
        clawback numeric(20,6) not null default 0 check (clawback >= 0),
        amount numeric(20,6) not null check (amount > 0 and amount = gross - clawback),
        destination text null,
        status text not null check (status in ('processing', 'completed', 'failed')),
        provider_reference text null,
        card_payment_id text null,
        failure_reason text null,
        retryable boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index payout_payments_affiliate_idx on payout_payments (merchant_id, mode, affiliate_id, currency);`);
    this.addSql(`alter table payouts add column payment_id uuid null references payout_payments (id);`);
    this.addSql(`create index payouts_payment_idx on payouts (payment_id) where payment_id is not null;`);

    this.addSql(`
      create table affiliate_connected_accounts (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        affiliate_id uuid not null references affiliates (id),
        account_id text not null,
        payouts_enabled boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (merchant_id, mode, affiliate_id),
        constraint affiliate_connected_accounts_account_key unique (account_id)
      );`);
  }
}
