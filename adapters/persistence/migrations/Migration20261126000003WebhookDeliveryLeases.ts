import { Migration } from '@mikro-orm/migrations';

/**
 * Deliveries in flight: the worker claims a delivery by setting its lease (and commits) before it
 * sends, and clears it when it records the outcome. A lease that runs out marks an attempt whose
 * sender stopped. Indexes for the fair claim (a subscription's due deliveries) and in-flight counts.
 */
export class Migration20261126000003WebhookDeliveryLeases extends Migration {
  override up(): void {
    this.addSql(`alter table webhook_deliveries add column lease_expires_at timestamptz null;`);
    this.addSql(
      `create index webhook_deliveries_subscription_due_idx on webhook_deliveries (subscription_id, next_attempt_at, id) where status = 'pending';`,
    );
    this.addSql(`create index webhook_deliveries_leased_idx on webhook_deliveries (subscription_id) where lease_expires_at is not null;`);
  }
}
