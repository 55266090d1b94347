import type pg from 'pg';

/**
 * Prepared statements for the parameterized queries (Kysely's `sql` templates and query builder send
 * a fixed text with `$n` parameters): each distinct text gets a name the first time it is sent, and
 * `pg` then parses it once per connection; PostgreSQL plans it once per connection too when its
 * generic plan is as good as a custom one (`plan_cache_mode = auto`). Texts with literals inlined
 * (MikroORM's own `execute`) and statements without parameters stay unnamed.
 *
 * Bounded: after `MAX_NAMED` distinct texts (queries built with a variable number of parameters
 * could produce many) new texts are sent unnamed. Names are process-wide, so one text has one name
 * on every connection. Nothing may run `DISCARD ALL` on these connections.
 */
export const MAX_NAMED = 500;

const names = new Map<string, string>();

export const statementName = (text: string): string | undefined => {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `s${names.size + 1}`;
    names.set(text, name);
  }
  return name;
};

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Wraps every new connection of `pool` so that parameterized texts are sent as named statements. */
export const usePreparedStatements = (pool: pg.Pool): void => {
  pool.on('connect', (client) => {
    const query = (client.query as Query).bind(client);
    (client as unknown as { query: Query }).query = (config, values, callback) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = statementName(config);
        if (name) return query({ name, text: config, values }, callback);
      }
      return query(config, values, callback);
    };
  });
};
