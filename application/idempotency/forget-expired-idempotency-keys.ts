import type { IdempotencyRecords } from '../ports/idempotency-records.js';
import type { DueJob } from '../ports/jobs.js';

const BATCH = 1000;

/** Deletes idempotency records past their 24 hours, in batches, so the table holds one day of keys. */
export class ForgetExpiredIdempotencyKeys implements DueJob {
  readonly name = 'idempotency-expiry';

  constructor(private readonly records: IdempotencyRecords) {}

  async runDue(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.records.deleteExpired(now, BATCH);
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
