import { sql, type RawBuilder } from 'kysely';

/** `column = value, …` for the `updatable` columns, with `values` given in the order of `columns` (as an insert lists them). */
export const assignmentsOf = (columns: readonly string[], values: readonly unknown[], updatable: readonly string[]): RawBuilder<unknown> => {
  const byColumn = new Map(columns.map((column, i) => [column, values[i]]));
  return sql.join(updatable.map((c) => sql`${sql.ref(c)} = ${byColumn.get(c)}`));
};

/** A row object's column names and values, as `insert into t (columns) values (values)` lists them. */
export const insertListsOf = (row: Record<string, unknown>): { columns: RawBuilder<unknown>; values: RawBuilder<unknown> } => ({
  columns: sql.join(Object.keys(row).map((column) => sql.ref(column))),
  values: sql.join(Object.values(row)),
});
