import pg from 'pg';
import { openOrm, type Orm } from '../../adapters/persistence/orm.js';
import { startHoldingProxy, type HoldingProxy } from './holding-proxy.js';
import { createScratchDatabase, type ScratchDatabase } from './test-database.js';

/** The statement runner's ORM on a scratch database, through a proxy that can hold back the server's answers. */
export interface ProxiedOrm {
  readonly db: ScratchDatabase;
  readonly proxy: HoldingProxy;
  readonly orm: Orm;
  /** A direct connection (not through the proxy) for setting up and looking on. */
  readonly admin: pg.Client;
  close(): Promise<void>;
}

export const startProxiedOrm = async (options: { readonly poolMax: number; readonly readLanes?: number }): Promise<ProxiedOrm> => {
  const db = await createScratchDatabase();
  const proxy = await startHoldingProxy(db.url);
  const orm = await openOrm({ databaseUrl: proxy.url, ...options });
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  return {
    db,
    proxy,
    orm,
    admin,
    close: async () => {
      proxy.release();
      await admin.end();
      await orm.close(true).catch(() => undefined);
      await proxy.close();
      await db.drop();
    },
  };
};
