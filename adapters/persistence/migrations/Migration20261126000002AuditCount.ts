import { Migration } from '@mikro-orm/migrations';

/**
 * How many requests an audit row stands for: refused authentications over an address's limit are
 * grouped into one row per address and minute (a flood of bad keys cannot turn into a flood of
 * rows); every other row stands for one request.
 */
export class Migration20261126000002AuditCount extends Migration {
  override up(): void {
    this.addSql(`alter table audit_log add column count integer not null default 1 check (count >= 1);`);
  }
}
