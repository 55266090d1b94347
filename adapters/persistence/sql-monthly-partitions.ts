import { sql } from 'kysely';
import type { MonthlyPartitions, PartitionedLog } from '../../application/ports/monthly-partitions.js';
import type { Orm } from './orm.js';
import { currentDb, poolDb, runSql, transaction } from './statements.js';

const MONTH = /^(\d{4})-(\d{2})-01$/;

/** `partitions.<log>_YYYY_MM`, the name `ensure_month_partition` gives (migration …MonthlyPartitions). */
const partitionName = (log: PartitionedLog, month: string): string => {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return `${log}_${m[1]}_${m[2]}`;
};

/** The monthly partitions of the logs, in the `partitions` schema; each change outside any request's transaction. */
export class SqlMonthlyPartitions implements MonthlyPartitions {
  constructor(private readonly orm: Orm) {}

  async months(log: PartitionedLog): Promise<string[]> {
    const rows = await runSql<{ name: string }>(
      poolDb(this.orm),
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = $1::regclass and c.relnamespace = 'partitions'::regnamespace`,
      [log],
    );
    const suffix = new RegExp(`^${log}_(\\d{4})_(\\d{2})$`);
    return rows.flatMap(({ name }) => {
      const m = suffix.exec(name);
      return m ? [`${m[1]}-${m[2]}-01`] : [];
    });
  }

  async create(log: PartitionedLog, month: string): Promise<boolean> {
    partitionName(log, month);
    const [row] = await runSql<{ made: boolean }>(poolDb(this.orm), 'select ensure_month_partition($1, $2::date) as made', [log, month]);
    return row?.made === true;
  }

  async drop(log: PartitionedLog, month: string): Promise<void> {
    // Summed and dropped in one transaction: a crash between them neither loses nor doubles a count.
    // Under the log's lock (the one `ensure_month_partition` takes), so a second process dropping the
    // same month at once waits, then finds it gone and neither sums nor drops it again.
    const name = partitionName(log, month);
    const table = sql.table(`partitions.${name}`);
    await transaction(this.orm, async () => {
      await sql`select pg_advisory_xact_lock(hashtext('ensure_month_partition'), hashtext(${log}))`.execute(currentDb(this.orm));
      const { rows } = await sql<{ found: boolean }>`select to_regclass(${`partitions.${name}`}) is not null as found`.execute(currentDb(this.orm));
      if (!rows[0]?.found) return;
      if (log === 'clicks') {
        await sql`insert into click_daily_aggregates as a (merchant_id, mode, day, campaign_id, affiliate_id, clicks, unique_visitors)
          select merchant_id, mode, (created_at at time zone 'UTC')::date, campaign_id, affiliate_id, count(*), count(distinct visitor_hash)
          from ${table} group by 1, 2, 3, 4, 5
          on conflict (merchant_id, mode, day, campaign_id, affiliate_id)
          do update set clicks = a.clicks + excluded.clicks, unique_visitors = a.unique_visitors + excluded.unique_visitors`.execute(currentDb(this.orm));
      }
      await sql`drop table ${table}`.execute(currentDb(this.orm));
    });
  }
}
