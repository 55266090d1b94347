/**
 * One query returning several joined tables' rows: each table's columns carry a prefix so that equal
 * names (`id`, `name`, `created_at`) do not overwrite each other, and `unprefixed` gives back the row
 * its mapper expects.
 */

/** `alias.column as prefix_column` for each column (plain `alias.column` without a prefix). */
export const prefixedColumns = (columns: readonly string[], alias: string, prefix: string): string =>
  columns.map((column) => (prefix === '' ? `${alias}.${column}` : `${alias}.${column} as ${prefix}${column}`)).join(', ');

/** The row's `prefix` columns without the prefix; null when the left-joined row is missing (its id is null). */
export const unprefixed = <T>(row: Readonly<Record<string, unknown>>, prefix: string): T | null => {
  if (row[`${prefix}id`] === null || row[`${prefix}id`] === undefined) return null;
  // A plain `for in` (no entry arrays): this runs on every hot request's row (bench/README.md).
  const picked: Record<string, unknown> = {};
  for (const key in row) if (key.startsWith(prefix)) picked[key.slice(prefix.length)] = row[key];
  return picked as T;
};
