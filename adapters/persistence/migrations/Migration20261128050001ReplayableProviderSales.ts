import { Migration } from '@mikro-orm/migrations';

/**
 * A provider's sale that a check refused (the monthly earnings cap, ...) keeps the sale as the
 * provider reported it, in neutral terms, so the merchant can replay it once the cause is gone.
 */
export class Migration20261128050001ReplayableProviderSales extends Migration {
  override up(): void {
    this.addSql(`alter table integration_events add column replay_fact jsonb;`);
  }
}
