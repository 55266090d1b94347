import { Migration } from '@mikro-orm/migrations';

/** When an affiliate was last asked for its payout details, per merchant and mode (at most weekly). */
export class Migration20261127000002PayoutDetailsReminders extends Migration {
  override up(): void {
    this.addSql(`
      create table payout_details_reminders (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        affiliate_id uuid not null references affiliates (id),
        sent_at timestamptz not null,
        primary key (merchant_id, mode, affiliate_id)
      );`);
  }
}
