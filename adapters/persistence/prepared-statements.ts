import { CompiledQuery, sql, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Prepared statements, opted into per statement: a query whose text starts with `PREPARED` (a SQL
 * comment) is sent as a named statement, so `pg` parses it once per connection and PostgreSQL may
 * keep its plan (`plan_cache_mode = auto` switches to a generic plan after five executions when that
 * plan looks no worse). Only for statements whose best plan does not depend on the values: lookups
 * by primary or unique key, inserts, single-row upserts. Never for searches or range filters, where
 * a generic plan can be orders of magnitude slower (measured: a trigram search 14 ms with a custom
 * plan, 337 ms with the generic one; bench/README.md).
 *
 * Names are process-wide (one text, one name on every connection) and bounded: past `MAX_NAMED`
 * distinct texts new ones go unnamed. Nothing may run `DISCARD ALL` on these connections.
 */
export const PREPARED = sql.raw('/* prepared */ ');
const MARKER = '/* prepared */ ';
export const MAX_NAMED = 200;

const names = new Map<string, string>();

export const statementName = (text: string): string | undefined => {
  if (!text.startsWith(MARKER)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `p${names.size + 1}`;
    names.set(text, name);
  }
  return name;
};

// The marked text of each constant text, one string object each: its hash is computed once, not
// on every lookup of its name (a new concatenation would be hashed anew, a few kB per request).
const marked = new Map<string, string>();

/** Runs a `$n`-parameterized text as a prepared statement on `db` (a transaction's, when in one). */
export const runPrepared = async <R>(db: Kysely<any>, text: string, values: readonly unknown[]): Promise<R[]> => {
  let sqlText = marked.get(text);
  if (sqlText === undefined) {
    sqlText = MARKER + text;
    if (marked.size < MAX_NAMED) marked.set(text, sqlText);
  }
  return (await db.executeQuery<R>(CompiledQuery.raw(sqlText, [...values]))).rows;
};

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Wraps every new connection of `pool` so that statements marked `PREPARED` are sent by name. */
export const usePreparedStatements = (pool: pg.Pool): void => {
  pool.on('connect', (client) => {
    const query = (client.query as Query).bind(client);
    (client as unknown as { query: Query }).query = (config, values, callback) => {
      if (typeof config === 'string' && Array.isArray(values)) {
        const name = statementName(config);
        if (name) return query({ name, text: config, values }, callback);
      }
      return query(config, values, callback);
    };
  });
};
