import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnFamily } from '../../adapters/persistence/schema/columns.js';
import { TABLES } from '../../adapters/persistence/schema/index.js';
import { MIGRATIONS_TABLE } from '../../adapters/persistence/migrations/recorded-migration-names.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

/** PostgreSQL types by the family `pg` returns them as; anything else must be added here on purpose. */
const FAMILY: Readonly<Record<string, ColumnFamily>> = {
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  uuid: 'uuid',
  int2: 'integer',
  int4: 'integer',
  int8: 'bigint',
  numeric: 'numeric',
  bool: 'boolean',
  timestamptz: 'timestamptz',
  date: 'date',
  jsonb: 'jsonb',
};

type Shape = Record<string, Record<string, string>>;

const describeColumn = (family: string, nullable: boolean) => `${family}${nullable ? ' null' : ''}`;

/** The tables the code defines (adapters/persistence/schema), as table → column → "family [null]". */
const defined = (): Shape =>
  Object.fromEntries(
    TABLES.map((t) => [t.name, Object.fromEntries(Object.entries(t.columns).map(([name, c]) => [name, describeColumn(c.family, c.nullable)]))]),
  );

/** The same, read from the migrated database. */
const migrated = async (client: pg.Client): Promise<Shape> => {
  const { rows } = await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: 'YES' | 'NO' }>(
    `select c.table_name, c.column_name, c.udt_name, c.is_nullable
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> $1
      order by c.table_name, c.ordinal_position`,
    [MIGRATIONS_TABLE],
  );
  const shape: Shape = {};
  for (const r of rows) {
    (shape[r.table_name] ??= {})[r.column_name] = describeColumn(FAMILY[r.udt_name] ?? `unmapped type ${r.udt_name}`, r.is_nullable === 'YES');
  }
  return shape;
};

describe('the table definitions and the migrated schema', () => {
  let db: ScratchDatabase;
  let client: pg.Client;
  let schema: Shape;

  beforeAll(async () => {
    db = await createScratchDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    schema = await migrated(client);
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('define each table once', () => {
    const names = TABLES.map((t) => t.name);
    expect(names.length).toBe(new Set(names).size);
  });

  it('name the same tables', () => {
    expect(Object.keys(defined()).sort()).toEqual(Object.keys(schema).sort());
  });

  it('give every table the same columns, types and nullability', () => {
    expect(defined()).toEqual(schema);
  });
});
