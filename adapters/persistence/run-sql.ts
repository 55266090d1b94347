import { CompiledQuery, type Kysely } from 'kysely';

/** Runs a `$n`-parameterized SQL text on `db` (a transaction's, when in one) and returns its rows. */
export const runSql = async <R>(db: Kysely<any>, text: string, values: readonly unknown[]): Promise<R[]> =>
  (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows;
