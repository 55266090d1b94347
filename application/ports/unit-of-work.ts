/**
 * Runs `work` in one database transaction. Repositories, the outbox and the job queue called inside
 * `work` join it, so a use case's writes and its events commit or roll back together.
 */
export interface UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` that writes with one statement at most (atomic on its own) and takes no lock, without
   * an explicit transaction: no `begin` and `commit` round trips. Its reads see what is committed when
   * each runs, as in a READ COMMITTED transaction that locks nothing, which is all such work would get
   * from one. Inside a transaction it joins that transaction.
   */
  singleWrite<T>(work: () => Promise<T>): Promise<T>;
}
