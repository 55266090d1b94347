/**
 * A background job: `runDue` processes whatever is due at `now` and returns how many items it handled.
 * It may run in several processes at once, so it claims its items with row locks (`SKIP LOCKED`)
 * and each item is processed once.
 */
export interface DueJob {
  readonly name: string;
  runDue(now: Date): Promise<number>;
}

/** Where each module registers its jobs; the scheduler and `POST /admin/v1/jobs/run` read it. */
export interface JobRegistry {
  register(job: DueJob): void;
  list(): readonly DueJob[];
}

/** Durable queue of one-off tasks; `enqueue` inside a transaction commits or rolls back with it. */
export interface JobQueue {
  enqueue(queue: string, data: Readonly<Record<string, unknown>>, options?: { startAfter?: Date }): Promise<string | null>;
}
