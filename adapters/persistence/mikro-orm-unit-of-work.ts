import { TransactionContext, type EntityManager } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { AUTOCOMMIT, currentCommitParticipants } from './commit-participants.js';
import { scopedEntityManager } from './mikro-orm-request-scope.js';
import { poolDb, type Orm } from './orm.js';

export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: Orm) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    const name = this.orm.em.name;
    const outer = TransactionContext.getEntityManager(name);
    const em = (outer ?? scopedEntityManager(name) ?? this.orm.em.fork()) as EntityManager;
    // Nested calls join the outer transaction (a savepoint), so a use case can call another.
    const participants = outer ? undefined : currentCommitParticipants();
    if (!participants?.canOpen()) return em.transactional(() => work());
    // The request's rows that belong to its commit (commit-participants.ts) are written just before
    // it, only when the work succeeded; a rollback leaves them pending for the caller to write.
    return participants.settle(() =>
      em.transactional(async (tx) => {
        participants.open(tx);
        const result = await work();
        await participants.writeRemaining(tx, tx.getKysely());
        return result;
      }),
    );
  }

  singleWrite<T>(work: () => Promise<T>): Promise<T> {
    // Inside a transaction it simply joins it.
    if (TransactionContext.getEntityManager(this.orm.em.name)) return work();
    const participants = currentCommitParticipants();
    if (!participants?.canOpen()) return work();
    // The request's rows ride on the one write statement, written only if its own row is
    // (commit-participants.ts); work that wrote nothing and succeeded writes them on their own.
    return participants.settle(async () => {
      participants.open(AUTOCOMMIT);
      const result = await work();
      await participants.writeRemaining(AUTOCOMMIT, poolDb(this.orm));
      return result;
    });
  }
}
