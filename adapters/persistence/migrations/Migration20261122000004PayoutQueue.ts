import { Migration } from '@mikro-orm/migrations';

/** The payout queue: one row per approved conversion of a merchant with automatic payouts. */
export class Migration20261122000004PayoutQueue extends Migration {
  override up(): void {
    this.addSql(`
      create table payouts (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        conversion_id uuid not null references conversions (id),
        campaign_id uuid not null references campaigns (id),
        affiliate_id uuid not null references affiliates (id),
        amount numeric(20,6) not null check (amount >= 0),
        currency text not null,
        status text not null check (status in ('pending', 'awaiting_funds', 'scheduled', 'processing', 'completed', 'failed')),
        scheduled_date timestamptz null,
        attempts integer not null default 0,
        last_attempt_at timestamptz null,
        completed_at timestamptz null,
        card_payment_id text null,
        failure_reason text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null default 1,
        constraint payouts_conversion_key unique (conversion_id)
      );`);
    this.addSql(`create index payouts_tenant_idx on payouts (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`create index payouts_due_idx on payouts (status, scheduled_date) where status in ('pending', 'awaiting_funds', 'scheduled', 'failed');`);
  }
}
