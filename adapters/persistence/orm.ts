import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, TransactionContext, type EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { MIGRATIONS } from './migrations/index.js';
import { renameRecordedMigrations } from './migrations/recorded-migration-names.js';
import { scopedEntityManager } from './mikro-orm-request-scope.js';
import { PgConnectionReleasingDriver } from './pg-connection-releasing-driver.js';

export interface OrmOptions {
  readonly databaseUrl: string;
  readonly poolMax: number;
  readonly poolMin?: number;
  /** How long a query may wait for a free pooled connection before it fails (instead of waiting forever). */
  readonly acquireTimeoutMs?: number;
}

export type Orm = MikroORM;

/** Each ORM's `pg` pool, for statements sent by name (named-statement.ts). */
const pools = new WeakMap<Orm, pg.Pool>();

export const pgPool = (orm: Orm): pg.Pool => {
  const pool = pools.get(orm);
  if (!pool) throw new Error('the ORM has no pg pool yet');
  return pool;
};

export const openOrm = async (options: OrmOptions): Promise<Orm> => {
  const holder: { orm?: Orm; pool?: pg.Pool } = {};
  const orm = await MikroORM.init({
    driver: PgConnectionReleasingDriver,
    clientUrl: options.databaseUrl,
    // No entities: repositories speak SQL, with row types from ./schema (one definition per table).
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: options.poolMin ?? 0, max: options.poolMax },
    // TCP keep-alive notices a peer that vanished without closing the connection; a full pool makes a
    // request fail after `acquireTimeoutMs` rather than wait for ever.
    driverOptions: {
      keepAlive: true,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
      onPoolCreated: (pool: pg.Pool) => {
        holder.pool = pool;
        if (holder.orm) pools.set(holder.orm, pool);
      },
    },
    // Every query runs in a request, job or transaction context; the global manager is never used.
    allowGlobalContext: false,
    // Request and job scopes fork lazily (mikro-orm-request-scope.ts).
    context: scopedEntityManager,
    ensureDatabase: false,
  });
  holder.orm = orm;
  // The pool is made on first use: made now, so that statements sent by name find it.
  await sql`select 1`.execute(poolDb(orm));
  if (holder.pool) pools.set(orm, holder.pool);
  return orm;
};

export const applyMigrations = async (orm: Orm): Promise<void> => {
  // Databases migrated before the migrations were renamed recorded the old names.
  await renameRecordedMigrations(poolDb(orm));
  await orm.migrator.up();
};

export const inTransaction = (orm: Orm): boolean => TransactionContext.getEntityManager(orm.em.name) !== undefined;

/**
 * Where SQL runs: the current transaction's connection, else the pool. It needs no entity manager,
 * so a request that only runs SQL never forks one.
 */
export const currentDb = (orm: Orm): Kysely<any> => (TransactionContext.getEntityManager(orm.em.name) as EntityManager | undefined)?.getKysely() ?? poolDb(orm);

/** The pool, outside any surrounding transaction (e.g. the rate limiter, whose row lock must not last a request). */
export const poolDb = (orm: Orm): Kysely<any> => orm.em.getConnection().getClient();
