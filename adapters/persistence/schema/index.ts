import type { RowOf, Table } from './columns.js';
import * as accounts from './accounts.tables.js';
import * as payouts from './payouts.tables.js';
import * as porting from './porting.tables.js';
import * as programs from './programs.tables.js';
import * as risk from './risk.tables.js';
import * as sales from './sales.tables.js';
import * as statistics from './statistics.tables.js';
import * as teams from './teams.tables.js';
import * as webhooks from './webhooks.tables.js';

const modules = { ...accounts, ...programs, ...sales, ...payouts, ...teams, ...webhooks, ...statistics, ...risk, ...porting };

type Defined = (typeof modules)[keyof typeof modules];

/** Every table the migrations create (the migrator's own table aside). */
export const TABLES: readonly Table[] = Object.values(modules);

export type TableName = Defined['name'];

/** A row of the named table, as raw SQL returns it: `Row<'conversions'>`. */
export type Row<N extends TableName> = RowOf<Extract<Defined, { name: N }>>;

/** The table's column names, in definition order (for select lists). */
export const columnsOf = <N extends TableName>(name: N): (keyof Row<N> & string)[] => {
  const found = TABLES.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return Object.keys(found.columns) as (keyof Row<N> & string)[];
};
