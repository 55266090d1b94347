import { Migration } from '@mikro-orm/migrations';

/** The write side of conversions: refunds keep the commission at sale, click ids are external strings, campaign volume tiers. */
export class Migration20261122000003ConversionsWriteSide extends Migration {
  override up(): void {
    this.addSql(`alter table conversions add column original_commission numeric(20,6) not null default 0;`);
    this.addSql(`alter table conversions alter column original_commission drop default;`);
    this.addSql(`alter table conversions alter column click_id type text using click_id::text;`);
    this.addSql(`alter table conversions add constraint conversions_amounts_check
      check (amount >= 0 and (tax_amount is null or tax_amount >= 0) and commission >= 0
             and (refunded_amount is null or (refunded_amount >= 0 and refunded_amount <= amount)));`);
    // What the auto-approval job scans: pending sales, oldest first.
    this.addSql(`create index conversions_pending_idx on conversions (created_at, id) where status = 'pending';`);
    this.addSql(`alter table campaigns add column commission_tiers jsonb null;`);
  }
}
