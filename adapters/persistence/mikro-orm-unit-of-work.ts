import { RequestContext, TransactionContext } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Orm } from './orm.js';

export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: Orm) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    const name = this.orm.em.name;
    const em = TransactionContext.getEntityManager(name) ?? RequestContext.getEntityManager(name) ?? this.orm.em.fork();
    // Nested calls join the outer transaction (a savepoint), so a use case can call another.
    return em.transactional(() => work());
  }
}
