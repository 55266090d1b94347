import type { Kysely } from 'kysely';
import { runSql } from '../run-sql.js';

export const PERIOD_MS = 60_000;

export interface SharedWindow {
  readonly bucket: string;
  readonly windowStart: number;
  readonly currentCount: number;
  readonly previousCount: number;
}

/**
 * One statement for a whole merge: adds each bucket's local count to its shared window and returns
 * the shared totals, then reads the windows of buckets that only need their totals. A window never
 * moves back: when another process's clock has already opened a later window, the counts go into
 * that one (a process behind in time cannot start a fresh, empty window and double the budget).
 * Rows are upserted in bucket order, so two processes' merges lock rows in the same order.
 */
const MERGE = `with merged as (
    insert into rate_limit_windows as w (bucket, window_start, current_count, previous_count)
    select u.bucket, u.window_start, u.delta, 0 from unnest($1::text[], $2::bigint[], $3::int[]) as u(bucket, window_start, delta)
    order by u.bucket
    on conflict (bucket) do update set
      previous_count = case when w.window_start >= excluded.window_start then w.previous_count
        when w.window_start = excluded.window_start - ${PERIOD_MS} then w.current_count else 0 end,
      current_count = case when w.window_start >= excluded.window_start then w.current_count else 0 end + excluded.current_count,
      window_start = greatest(w.window_start, excluded.window_start)
    returning w.bucket, w.window_start, w.current_count, w.previous_count)
  select bucket, window_start, current_count, previous_count from merged
  union all
  select bucket, window_start, current_count, previous_count from rate_limit_windows where bucket = any($4::text[])`;

interface Row {
  bucket: string;
  window_start: string;
  current_count: number;
  previous_count: number;
}

/** A bucket's local count and the window (its start) the requests were admitted in. */
export interface LocalCount {
  readonly windowStart: number;
  readonly count: number;
}

/** `counts`: buckets with their local counts to add; `reads`: buckets whose totals are wanted too. */
export const mergeWindows = async (db: Kysely<any>, counts: ReadonlyMap<string, LocalCount>, reads: readonly string[]): Promise<SharedWindow[]> => {
  const buckets = [...counts.keys()].sort();
  const local = buckets.map((b) => counts.get(b)!);
  const rows = await runSql<Row>(db, MERGE, [buckets, local.map((c) => c.windowStart), local.map((c) => c.count), reads]);
  return rows.map((r) => ({ bucket: r.bucket, windowStart: Number(r.window_start), currentCount: r.current_count, previousCount: r.previous_count }));
};
