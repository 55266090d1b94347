/**
 * Runs `work` in one database transaction. Repositories, the outbox and the job queue called inside
 * `work` join it, so a use case's writes and its events commit or roll back together.
 */
export interface UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T>;
}
