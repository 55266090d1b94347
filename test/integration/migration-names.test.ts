import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../adapters/persistence/migrations/index.js';
import { MIGRATIONS_TABLE, RENAMED_MIGRATIONS, renameRecordedMigrations } from '../../adapters/persistence/migrations/recorded-migration-names.js';
import { applyMigrations, openOrm, poolDb, type Orm } from '../../adapters/persistence/orm.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const migrationFiles = (): string[] =>
  readdirSync(new URL('../../adapters/persistence/migrations/', import.meta.url))
    .filter((file) => /^Migration\d{14}\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();

describe('migration names', () => {
  it('the list runs the migration files in the order of their names', () => {
    expect(MIGRATIONS.map((m) => m.name)).toEqual(migrationFiles());
  });

  it('each entry is the class its name says', () => {
    for (const m of MIGRATIONS) expect((m.class as { name: string }).name).toBe(m.name);
  });

  it('every renamed migration is renamed to one of the list, and no old name is still in use', () => {
    const names = new Set(MIGRATIONS.map((m) => m.name));
    for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
      expect(names.has(to)).toBe(true);
      expect(names.has(from)).toBe(false);
    }
  });
});

describe('a database migrated under the old names', () => {
  let db: ScratchDatabase;
  let client: pg.Client;
  let orm: Orm | undefined;

  const recorded = async () =>
    (await client.query<{ id: number; name: string; executed_at: Date }>(`select id, name, executed_at from ${MIGRATIONS_TABLE} order by id`)).rows;

  beforeAll(async () => {
    db = await createScratchDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // As an installation migrated before the rename: the same migrations applied, recorded under their old names.
    const oldNames = Object.fromEntries(Object.entries(RENAMED_MIGRATIONS).map(([from, to]) => [to, from]));
    for (const [to, from] of Object.entries(oldNames)) {
      await client.query(`update ${MIGRATIONS_TABLE} set name = $1 where name = $2`, [from, to]);
    }
  });
  afterAll(async () => {
    await orm?.close();
    await client.end();
    await db.drop();
  });

  it('starts, renames what it recorded, and runs nothing again', async () => {
    const before = await recorded();
    expect(before.map((r) => r.name)).toContain('Migration20261122000005Payouts');
    orm = await openOrm({ databaseUrl: db.url, poolMax: 2 });
    // Without the rename, every renamed migration would be pending and would run again.
    expect((await orm.migrator.getPending()).length).toBe(Object.keys(RENAMED_MIGRATIONS).length);

    await applyMigrations(orm);

    const after = await recorded();
    expect(after.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
    // Same rows, same execution times: nothing was run or recorded anew.
    expect(after.map((r) => [r.id, r.executed_at.getTime()])).toEqual(before.map((r) => [r.id, r.executed_at.getTime()]));
    expect(await orm.migrator.getPending()).toEqual([]);
  });

  it('renaming again changes nothing', async () => {
    const before = await recorded();
    expect(await renameRecordedMigrations(poolDb(orm!))).toBe(0);
    expect(await recorded()).toEqual(before);
  });
});

describe('a database never migrated', () => {
  it('has nothing to rename', async () => {
    const db = await createScratchDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const orm = await openOrm({ databaseUrl: db.url, poolMax: 1 });
    try {
      await client.query(`drop table ${MIGRATIONS_TABLE}`);
      expect(await renameRecordedMigrations(poolDb(orm))).toBe(0);
    } finally {
      await orm.close();
      await client.end();
      await db.drop();
    }
  });
});
