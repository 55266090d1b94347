import { Migration } from '@mikro-orm/migrations';

/**
 * The payout lifecycle. The queue row learns its attempt method, the provider's transfer id,
 * when to look at a transfer in flight and how many attempts failed; the merchant gets a holding
 * period; and the sandbox payout providers keep their own ledger (the provider's side of the world:
 * written outside the service's transactions, as a real provider's records would be).
 */
export class Migration20261122000008Payouts extends Migration {
  override up(): void {
    this.addSql(`alter table merchants add column payout_holding_days integer not null default 30
      check (payout_holding_days between 0 and 365);`);

    this.addSql(`update payouts set scheduled_date = created_at where scheduled_date is null;`);
    this.addSql(`alter table payouts alter column scheduled_date set not null;`);
    this.addSql(`alter table payouts
      add column payout_method text null check (payout_method in ('connect', 'wallet_a', 'transfer_b')),
      add column provider_reference text null,
      add column next_check_at timestamptz null,
      add column failed_attempts integer not null default 0 check (failed_attempts >= 0),
      add constraint payouts_attempts_check check (attempts >= 0 and failed_attempts <= attempts),
      add constraint payouts_processing_check check (status <> 'processing' or next_check_at is not null),
      add constraint payouts_completed_check check ((status = 'completed') = (completed_at is not null));`);
    // Transfers in flight, by when they are looked at next (the due index covers the other states).
    this.addSql(`create index payouts_in_transit_idx on payouts (next_check_at, id) where status = 'processing';`);
    this.addSql(`create index payouts_affiliate_idx on payouts (merchant_id, mode, affiliate_id);`);

    this.addSql(`
      create table sandbox_payout_transfers (
        id text primary key,
        idempotency_key text not null,
        payout_id uuid not null,
        method text not null check (method in ('connect', 'wallet_a', 'transfer_b')),
        merchant_id uuid not null,
        mode text not null,
        destination text not null,
        amount numeric(20,6) not null,
        currency text not null,
        status text not null check (status in ('refused', 'failed', 'in_transit', 'completed', 'returned')),
        failure_reason text null,
        retryable boolean not null default false,
        payment_id text null,
        settles_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint sandbox_payout_transfers_key unique (idempotency_key)
      );`);
    this.addSql(`create index sandbox_payout_transfers_payout_idx on sandbox_payout_transfers (payout_id);`);
  }
}
