import { Migration } from '@mikro-orm/migrations';

/**
 * Campaign extensions for sales from payment providers: how many months renewals earn commission
 * (null = lifetime) and how old a click may be when it attributes a sale.
 */
export class Migration20261126000005CampaignAttributionSettings extends Migration {
  override up(): void {
    this.addSql(`alter table campaigns add column recurring_commission_months integer null
      check (recurring_commission_months is null or recurring_commission_months between 1 and 120);`);
    this.addSql(`alter table campaigns add column attribution_window_days integer not null default 30
      check (attribution_window_days between 1 and 365);`);
  }
}
