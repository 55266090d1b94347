import { AsyncLocalStorage } from 'node:async_hooks';
import { createPostgreSqlTypeParsers } from '@mikro-orm/postgresql';
import {
  CompiledQuery,
  PostgresDialect,
  type ControlledTransaction,
  type Dialect,
  type Kysely,
  type PostgresPool,
  type PostgresPoolClient,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import { ConnectionReleasingDialect } from './pg-connection-releasing-driver.js';
import { PipelinedClient, type StatementNames } from './pipelined-client.js';
import { ReadLanes } from './read-lanes.js';
import type { Orm } from './orm.js';

/**
 * The one way a statement reaches PostgreSQL (docs/architecture.md, "How a statement reaches
 * PostgreSQL"): one `pg` pool per ORM, made here and handed to MikroORM as its Kysely dialect; one
 * scope (this module's AsyncLocalStorage) that knows the current transaction; `currentDb` is that
 * transaction's connection, else the pool. Nothing else opens a pool or keeps a context.
 */

interface Scope {
  readonly orm: Orm | undefined;
  readonly transaction: ControlledTransaction<any> | undefined;
}

const OUTSIDE: Scope = { orm: undefined, transaction: undefined };
const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` in its own scope, outside any transaction (per HTTP request, per job run). */
export type RequestScope = <T>(work: () => Promise<T>) => Promise<T>;

export const requestScope: RequestScope = (work) => scopes.run(OUTSIDE, work);

const currentTransaction = (orm: Orm): ControlledTransaction<any> | undefined => {
  const scope = scopes.getStore();
  return scope?.orm === orm ? scope.transaction : undefined;
};

export const inTransaction = (orm: Orm): boolean => currentTransaction(orm) !== undefined;

/** The pool, outside any surrounding transaction (e.g. the rate limiter, whose row lock must not last a request). */
export const poolDb = (orm: Orm): Kysely<any> => orm.em.getConnection().getClient();

/** Where SQL runs: the current transaction's connection, else the pool. */
export const currentDb = (orm: Orm): Kysely<any> => currentTransaction(orm) ?? poolDb(orm);

/** Runs a `$n`-parameterized SQL text on `db` (a transaction's, when in one) and returns its rows. */
export const runSql = async <R>(db: Kysely<any>, text: string, values: readonly unknown[]): Promise<R[]> =>
  (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows;

/**
 * Runs `work` in one transaction on MikroORM's connection (its public `transactional`). A call inside
 * another joins it as a savepoint, so a use case can call another.
 */
export const transaction = <T>(orm: Orm, work: () => Promise<T>): Promise<T> => {
  const outer = currentTransaction(orm);
  return orm.em
    .getConnection()
    .transactional((trx) => scopes.run({ orm, transaction: trx as ControlledTransaction<any> }, work), outer ? { ctx: outer } : {});
};

const pools = new WeakMap<Orm, pg.Pool>();
const readLanes = new WeakMap<Orm, ReadLanes>();

export interface PoolSettings {
  readonly databaseUrl: string;
  readonly poolMax: number;
  /** Connections for the hot reads by key (`runNamedRead`), beside the pool's. */
  readonly readLanes: number;
  readonly poolMin: number;
  readonly acquireTimeoutMs: number;
}

/** Dates, timestamps and intervals arrive as PostgreSQL's text, as MikroORM's own pool reads them. */
const typeParsers = (): pg.CustomTypesConfig => {
  const types = new pg.TypeOverrides();
  const TEXT_ARRAY = 1009 as Parameters<typeof pg.types.getTypeParser>[0];
  const textArray = pg.types.getTypeParser(TEXT_ARRAY) as (text: string) => string[];
  for (const [oid, parse] of Object.entries(createPostgreSqlTypeParsers(textArray))) {
    types.setTypeParser(Number(oid), parse as (text: string) => unknown);
  }
  return types;
};

/** The pool and the dialect MikroORM is given (`driverOptions`); `register` ties the pool to its ORM. */
export const statementPool = (settings: PoolSettings): { dialect: Dialect; register: (orm: Orm) => void } => {
  const connection = {
    connectionString: settings.databaseUrl,
    // TCP keep-alive notices a peer that vanished without closing the connection; a full pool makes a
    // request fail after `acquireTimeoutMs` rather than wait for ever.
    keepAlive: true,
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    types: typeParsers(),
    // A statement goes out without waiting for the answer to the one before (`PipelinedClient`, `ReadLanes`).
    pipeline: true,
  };
  const pool = new pg.Pool({ ...connection, max: settings.poolMax, min: settings.poolMin });
  // A connection the server drops is reported as an `error` event, fatal without a listener; the
  // statement in flight rejects on its own and the pool discards the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  const lanes = new ReadLanes(() => new pg.Client(connection), settings.readLanes);
  return {
    dialect: new ConnectionReleasingDialect(new PostgresDialect({ pool: pipelined(pool, lanes) })),
    register: (orm) => {
      pools.set(orm, pool);
      readLanes.set(orm, lanes);
    },
  };
};

/** The texts `runNamed` has sent, by text: sent by the same name on a transaction's connection too. */
const namedTexts = new Map<string, string>();
/** The same, by name: a name stands for one text only (a connection that prepared it runs that text). */
const textsByName = new Map<string, string>();
/** The texts `runDeferred` has sent: inside a transaction they wait for its next statement. */
const deferredTexts = new Set<string>();

const STATEMENT_NAMES: StatementNames = { nameOf: (text) => namedTexts.get(text), deferrable: (text) => deferredTexts.has(text) };

/**
 * The pool as Kysely (and so MikroORM) sees it: each connection a `PipelinedClient`, which sends a
 * text `runNamed` has named by that name (so a hot read inside a transaction is planned once per
 * connection as it is outside one) and a transaction's `begin`, and what `runDeferred` left waiting,
 * along with the statement that follows them.
 */
const pipelined = (pool: pg.Pool, lanes: ReadLanes): PostgresPool => {
  const clients = new WeakMap<pg.PoolClient, PipelinedClient>();
  return {
    Client: pg.Client,
    options: pool.options,
    connect: async () => {
      const client = await pool.connect();
      let facade = clients.get(client);
      if (!facade) clients.set(client, (facade = new PipelinedClient(client, STATEMENT_NAMES)));
      return facade as unknown as PostgresPoolClient;
    },
    // Kysely ends the pool when MikroORM closes; the read lanes end with it.
    end: async () => {
      await Promise.all([pool.end(), lanes.close()]);
    },
  };
};

/**
 * A statement sent by name, so each connection parses and plans it once and PostgreSQL may keep its plan:
 * for the hot reads by key, whose best plan never depends on the values. On the pool, or on the
 * current transaction's connection when there is one (`PipelinedClient` sends it by name there too). `name`
 * must be unique per text.
 */
const registerName = (name: string, text: string): void => {
  const known = namedTexts.get(text);
  if (known === name) return;
  if (known !== undefined) throw new Error(`statement named ${name} was named ${known} before`);
  if (textsByName.has(name)) throw new Error(`the name ${name} stands for another statement`);
  namedTexts.set(text, name);
  textsByName.set(name, text);
};

export const runNamed = async <R>(orm: Orm, name: string, text: string, values: readonly unknown[]): Promise<R[]> => {
  registerName(name, text);
  if (inTransaction(orm)) return runSql<R>(currentDb(orm), text, values);
  const pool = pools.get(orm);
  if (!pool) throw new Error('the ORM was not opened with a statement pool');
  return (await pool.query({ name, text, values: [...values] })).rows as R[];
};

/**
 * `runNamed` for a hot read by key (it takes no lock and waits for nothing but its rows): outside a
 * transaction it goes on a read lane (`ReadLanes`), with no pool checkout, queued behind at most a
 * few other such reads; inside one, on the transaction's connection.
 */
export const runNamedRead = async <R>(orm: Orm, name: string, text: string, values: readonly unknown[]): Promise<R[]> => {
  if (!inTransaction(orm)) return runCommittedRead<R>(orm, name, text, values);
  registerName(name, text);
  return runSql<R>(currentDb(orm), text, values);
};

/**
 * `runNamedRead` for a read of rows its transaction does not write (a provider sale's coupon
 * candidates, linked customer, click and sale context): on a read lane even inside a transaction, so it goes
 * beside the transaction's own statements (which run one at a time) instead of after them. The
 * answer is the one the transaction's connection would give: under READ COMMITTED, the only level
 * this service runs, each statement sees what was committed when it began, whichever connection
 * sends it; only the transaction's own uncommitted rows are not seen, and the caller reads none.
 */
export const runCommittedRead = async <R>(orm: Orm, name: string, text: string, values: readonly unknown[]): Promise<R[]> => {
  registerName(name, text);
  const lanes = readLanes.get(orm);
  if (!lanes) throw new Error('the ORM was not opened with a statement pool');
  return lanes.query<R & pg.QueryResultRow>(name, text, values);
};

/** `runCommittedRead` for a Kysely `sql` read whose text is the same on every call. */
export const runCommittedReadQuery = <R>(orm: Orm, name: string, query: RawBuilder<R>): Promise<R[]> => {
  const { sql: text, parameters } = query.compile(currentDb(orm));
  return runCommittedRead<R>(orm, name, text, parameters);
};

/**
 * `runNamed` for a Kysely `sql` statement whose text is the same on every call (its values vary, its
 * shape does not: a statement whose parts vary needs a name per shape).
 */
export const runNamedQuery = <R>(orm: Orm, name: string, query: RawBuilder<R>): Promise<R[]> => {
  const { sql: text, parameters } = query.compile(currentDb(orm));
  return runNamed<R>(orm, name, text, parameters);
};

/**
 * A write whose result nobody reads, and whose rows nothing reads back in its transaction (an audit
 * row): inside a transaction it waits for the transaction's next statement (usually `commit`) and is
 * sent with it, sparing a round trip; its failure fails that statement, and so the transaction.
 * Outside one it runs at once. Sent by `name`, as `runNamedQuery`.
 */
export const runDeferred = async (orm: Orm, name: string, query: RawBuilder<unknown>): Promise<void> => {
  const { sql: text, parameters } = query.compile(currentDb(orm));
  deferredTexts.add(text);
  await runNamed(orm, name, text, parameters);
};

/** `runNamedRead` for a Kysely `sql` read whose text is the same on every call. */
export const runNamedReadQuery = <R>(orm: Orm, name: string, query: RawBuilder<R>): Promise<R[]> => {
  const { sql: text, parameters } = query.compile(currentDb(orm));
  return runNamedRead<R>(orm, name, text, parameters);
};
