import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from './orm.js';

/** Runs `work` with its own entity manager (per HTTP request, per job run). */
export type RequestScope = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The scope's fork, made on first use: most requests run only raw SQL (`currentDb`) and never need
 * one, and forking on every request was a measurable share of a hot read's CPU (bench/README.md).
 */
class LazyFork {
  private em: EntityManager | undefined;

  constructor(private readonly root: EntityManager) {}

  private forking = false;

  get(name: string): EntityManager | undefined {
    // Forking asks MikroORM's context resolution (this method) for the current manager: the root then.
    if (name !== this.root.name || this.forking) return undefined;
    if (!this.em) {
      this.forking = true;
      try {
        this.em = this.root.fork({ useContext: true });
      } finally {
        this.forking = false;
      }
    }
    return this.em;
  }
}

const scopes = new AsyncLocalStorage<LazyFork>();

/** The current scope's entity manager; MikroORM's `context` option, so its own lookups find it too. */
export const scopedEntityManager = (name: string): EntityManager | undefined => scopes.getStore()?.get(name);

export const mikroOrmRequestScope =
  (orm: Orm): RequestScope =>
  (work) =>
    scopes.run(new LazyFork(orm.em as EntityManager), work);
