import { sql, type RawBuilder } from 'kysely';

/** `column = value, …` for the `updatable` columns, with `values` given in the order of `columns` (as an insert lists them). */
export const assignmentsOf = (columns: readonly string[], values: readonly unknown[], updatable: readonly string[]): RawBuilder<unknown> => {
  const byColumn = new Map(columns.map((column, i) => [column, values[i]]));
  return sql.join(updatable.map((c) => sql`${sql.ref(c)} = ${byColumn.get(c)}`));
};
