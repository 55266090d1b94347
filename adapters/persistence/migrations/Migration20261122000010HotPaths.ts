import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit windows are counters, not records. Unlogged, an upsert writes no
 * WAL, so the per-request limiter costs no WAL flush at commit (it did on every request, reads
 * included). After a database crash the table comes back empty: every window restarts, which grants
 * at most one extra minute of requests. Unlogged tables are not replicated; the limiter runs on the
 * primary, where the writes go.
 */
export class Migration20261122000010HotPaths extends Migration {
  override up(): void {
    this.addSql(`alter table rate_limit_windows set unlogged;`);
  }
}
