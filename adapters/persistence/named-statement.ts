import { pgPool, type Orm } from './orm.js';

/**
 * A read on the pool (never inside a transaction) sent by name through `pg`'s own query config, so
 * each connection parses and plans it once and PostgreSQL may keep its plan: for the hot reads by
 * key, whose best plan never depends on the values (planning the sale's seven-table context costs
 * more than running it). `name` must be unique per text.
 */
export const runNamed = async <R>(orm: Orm, name: string, text: string, values: readonly unknown[]): Promise<R[]> =>
  (await pgPool(orm).query({ name, text, values: [...values] })).rows as R[];
