import type { ConfirmationStore } from '../ports/confirmation-store.js';
import type { DueJob } from '../ports/jobs.js';

const BATCH = 1000;

/** Deletes money-move confirmation tokens past their ten minutes, in batches: the table holds only live previews. */
export class ForgetExpiredConfirmations implements DueJob {
  readonly name = 'assistant-confirmation-expiry';

  constructor(private readonly store: ConfirmationStore) {}

  async runDue(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.store.deleteExpired(now, BATCH);
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
