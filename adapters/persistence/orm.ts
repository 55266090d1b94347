import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import { renameRecordedMigrations } from './migrations/recorded-migration-names.js';
import { poolDb, statementPool } from './statements.js';

// Where statements run is statements.ts; these names stay for the many modules that import them here.
export { currentDb, inTransaction, poolDb } from './statements.js';

export interface OrmOptions {
  readonly databaseUrl: string;
  readonly poolMax: number;
  readonly poolMin?: number;
  /** Connections for the hot reads by key outside transactions (`runNamedRead`); default 2. */
  readonly readLanes?: number;
  /** How long a query may wait for a free pooled connection before it fails (instead of waiting forever). */
  readonly acquireTimeoutMs?: number;
}

export type Orm = MikroORM;

/** MikroORM for the connection, its transactions and the migrations, on the statement runner's pool. */
export const openOrm = async (options: OrmOptions): Promise<Orm> => {
  const pool = statementPool({
    databaseUrl: options.databaseUrl,
    poolMax: options.poolMax,
    poolMin: options.poolMin ?? 0,
    readLanes: options.readLanes ?? 2,
    acquireTimeoutMs: options.acquireTimeoutMs ?? 10_000,
  });
  const orm = await MikroORM.init({
    clientUrl: options.databaseUrl,
    // No entities: repositories speak SQL, with row types from ./schema (one definition per table).
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // MikroORM's public way to run on a dialect it did not build: ours releases every connection.
    driverOptions: pool.dialect,
    // Statements never go through an entity manager; nothing may use the global one by accident.
    allowGlobalContext: false,
    ensureDatabase: false,
  });
  pool.register(orm);
  await sql`select 1`.execute(poolDb(orm));
  return orm;
};

export const applyMigrations = async (orm: Orm): Promise<void> => {
  // Databases migrated before the migrations were renamed recorded the old names.
  await renameRecordedMigrations(poolDb(orm));
  await orm.migrator.up();
};
