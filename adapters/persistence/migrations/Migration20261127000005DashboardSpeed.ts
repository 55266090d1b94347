import { Migration } from '@mikro-orm/migrations';

/**
 * Conversions filtered on a status, newest first (the conversions page and `GET /conversions?status=`):
 * without this index a rare status walks every sale of the tenant to find a page, or none.
 */
export class Migration20261127000005DashboardSpeed extends Migration {
  override up(): void {
    this.addSql(`create index conversions_tenant_status_created_idx on conversions (merchant_id, mode, status, created_at desc, id desc);`);
  }
}
