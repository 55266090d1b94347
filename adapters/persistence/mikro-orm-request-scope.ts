import { RequestContext } from '@mikro-orm/postgresql';
import type { Orm } from './orm.js';

/** Runs `work` with its own entity manager (per HTTP request, per job run). */
export type RequestScope = <T>(work: () => Promise<T>) => Promise<T>;

export const mikroOrmRequestScope =
  (orm: Orm): RequestScope =>
  (work) =>
    RequestContext.create(orm.em, work);
