/**
 * The one definition of each table's columns, in the shape raw SQL returns them (snake_case names,
 * `pg`'s default parsing). Repositories derive their row types from it (`Row<'conversions'>`), and
 * test/integration/schema-drift.test.ts holds it equal to the migrated database, so a migration and
 * the rows the code reads cannot drift apart.
 */

/** A column type family: the PostgreSQL types that `pg` returns as the same JavaScript type. */
export type ColumnFamily = 'text' | 'uuid' | 'integer' | 'bigint' | 'numeric' | 'boolean' | 'timestamptz' | 'date' | 'jsonb';

export class Column<T> {
  /** The JavaScript type of the value; a type only, never set. */
  declare readonly value: T;

  constructor(
    readonly family: ColumnFamily,
    readonly nullable: boolean,
  ) {}

  orNull(): Column<T | null> {
    return new Column<T | null>(this.family, true);
  }
}

export const text = () => new Column<string>('text', false);
export const uuid = () => new Column<string>('uuid', false);
export const integer = () => new Column<number>('integer', false);
/** `pg` returns int8 as a string (it may not fit a double). */
export const bigint = () => new Column<string>('bigint', false);
/** Money and rates: exact decimal strings, never floats. */
export const numeric = () => new Column<string>('numeric', false);
export const boolean = () => new Column<boolean>('boolean', false);
export const timestamptz = () => new Column<Date>('timestamptz', false);
export const date = () => new Column<Date>('date', false);
/** Parsed JSON; a repository names its shape where it reads it. */
export const jsonb = <T = unknown>() => new Column<T>('jsonb', false);

export interface Table<N extends string = string, C extends Readonly<Record<string, Column<unknown>>> = Readonly<Record<string, Column<unknown>>>> {
  readonly name: N;
  readonly columns: C;
}

export const table = <N extends string, C extends Readonly<Record<string, Column<unknown>>>>(name: N, columns: C): Table<N, C> => ({ name, columns });

/** One row of the table, every column, as a plain `select *` returns it. */
export type RowOf<T extends Table> = { [K in keyof T['columns']]: T['columns'][K] extends Column<infer V> ? V : never };

/** `L` when it names every key of `R` and nothing else; `never` otherwise. */
type Exactly<R, L extends readonly PropertyKey[]> = [Exclude<keyof R, L[number]>, Exclude<L[number], keyof R>] extends [never, never] ? L : never;

/**
 * A hand-ordered column list (an insert's values follow its order) that must name exactly the row's
 * columns: adding a column to the definition without adding it here fails to compile.
 */
export const columnList =
  <R>() =>
  <const L extends readonly (keyof R & string)[]>(list: L & Exactly<R, L>): L =>
    list;
