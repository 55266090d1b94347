import { sql } from 'kysely';
import { poolDb, type Orm } from './orm.js';

/**
 * `select 1` through the service's own pool, with a deadline: it fails when the database is down and
 * also when the pool cannot hand out a connection, which is what requests would meet.
 */
export const pgReadiness =
  (orm: Orm, timeoutMs = 2_000) =>
  async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const probe = sql`select 1`.execute(poolDb(orm)).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
