/**
 * Runs `work` in one database transaction. Repositories, the outbox and the job queue called inside
 * `work` join it, so a use case's writes and its events commit or roll back together.
 */
export interface UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * As `transaction` when none is open; inside one, `work` joins it with no nested transaction of its
   * own (which has a cost), so what it wrote before failing is the caller's to take back
   * (the caller's transaction, failing in turn, takes back everything). For work that checks before
   * it writes, so that it never fails after a write.
   */
  join<T>(work: () => Promise<T>): Promise<T>;
}
