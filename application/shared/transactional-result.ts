import { err, type Result } from 'neverthrow';
import type { UnitOfWork } from '../ports/unit-of-work.js';

class Rollback<E> extends Error {
  constructor(readonly error: E) {
    super('rolled back on a domain error');
  }
}

/**
 * Runs `work` in one transaction that commits only when it answers ok: an error result rolls back
 * everything written so far, so nothing is written on any error.
 */
export const transactionalResult = <T, E>(uow: UnitOfWork, work: () => Promise<Result<T, E>>): Promise<Result<T, E>> =>
  resultOf((inner) => uow.transaction(inner), work);

/**
 * As `transactionalResult`, joining a surrounding transaction without a nested one (`UnitOfWork.join`):
 * for work that answers every error before its first write, so an error still leaves nothing written.
 */
export const joinedResult = <T, E>(uow: UnitOfWork, work: () => Promise<Result<T, E>>): Promise<Result<T, E>> =>
  resultOf((inner) => uow.join(inner), work);

const resultOf = async <T, E>(
  run: (inner: () => Promise<Result<T, E>>) => Promise<Result<T, E>>,
  work: () => Promise<Result<T, E>>,
): Promise<Result<T, E>> => {
  try {
    return await run(async () => {
      const result = await work();
      if (result.isErr()) throw new Rollback(result.error);
      return result;
    });
  } catch (error) {
    if (error instanceof Rollback) return err(error.error as E);
    throw error;
  }
};
