import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Orm } from './orm.js';
import { inTransaction, transaction } from './statements.js';

/** A transaction on the ORM's connection; nested calls join the outer one (a savepoint). */
export class SqlUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: Orm) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return transaction(this.orm, work);
  }

  join<T>(work: () => Promise<T>): Promise<T> {
    // No savepoint: the statements join the open transaction's connection as they are.
    return inTransaction(this.orm) ? work() : transaction(this.orm, work);
  }
}
