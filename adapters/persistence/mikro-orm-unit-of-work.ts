import { TransactionContext, type EntityManager } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { scopedEntityManager } from './mikro-orm-request-scope.js';
import type { Orm } from './orm.js';

export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: Orm) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    const name = this.orm.em.name;
    // Nested calls join the outer transaction (a savepoint), so a use case can call another.
    const em = (TransactionContext.getEntityManager(name) ?? scopedEntityManager(name) ?? this.orm.em.fork()) as EntityManager;
    return em.transactional(() => work());
  }
}
