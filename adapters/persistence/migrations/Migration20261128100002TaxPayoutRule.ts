import { Migration } from '@mikro-orm/migrations';

/** Whether payouts wait for tax details, per merchant and mode: off, always, or from a yearly total. */
export class Migration20261128100002TaxPayoutRule extends Migration {
  override up(): void {
    this.addSql(`
      create table tax_settings (
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        requirement text not null check (requirement in ('off', 'always', 'above_yearly_total')),
        threshold numeric null,
        threshold_currency text null,
        updated_at timestamptz not null,
        primary key (merchant_id, mode),
        check ((threshold is null) = (threshold_currency is null))
      );`);
  }
}
