import type {
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';

/**
 * Every pooled connection goes back to the pool, on every path.
 *
 * Kysely's controlled transactions (what MikroORM's `em.transactional` runs on) release their
 * connection only after a `begin`, `commit` or `rollback` statement succeeds. When PostgreSQL ends
 * the session inside a transaction (`pg_terminate_backend`, a restart, a dropped network), the
 * `rollback` that follows fails on the dead connection and the pool slot was never given back: after
 * as many such deaths as the pool has connections, every query waited forever.
 *
 * Here a failed `begin` or `rollback` releases the connection itself (and the later release that a
 * non-controlled transaction still makes is ignored once). `pg`'s pool discards a released client
 * whose connection is closed, so the slot is reopened on the next checkout. A `rollback` fails only
 * when the connection is gone (or the server is shutting down, which ends it too).
 */
class ConnectionReleasingDriver implements Driver {
  private readonly releasedEarly = new WeakSet<DatabaseConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    // `pg` hands out the same client again, and Kysely the same connection object for it.
    this.releasedEarly.delete(connection);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    try {
      await this.inner.beginTransaction(connection, settings);
    } catch (error) {
      await this.releaseEarly(connection);
      throw error;
    }
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed commit is followed by a rollback (MikroORM's `transactional`), which releases.
    return this.inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (error) {
      await this.releaseEarly(connection);
      throw error;
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (this.releasedEarly.delete(connection)) return;
    await this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private async releaseEarly(connection: DatabaseConnection): Promise<void> {
    if (this.releasedEarly.has(connection)) return;
    this.releasedEarly.add(connection);
    await this.inner.releaseConnection(connection);
  }
}

/** A dialect whose driver always releases its connections (see `ConnectionReleasingDriver`). */
export class ConnectionReleasingDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createDriver(): Driver {
    return new ConnectionReleasingDriver(this.inner.createDriver());
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
