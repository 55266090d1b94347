import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface BatchOutcome {
  /** Items the batch acted on (what the job reports). */
  readonly processed: number;
  /** Items the batch claimed; a batch smaller than `batchSize` means nothing more is due. */
  readonly claimed: number;
}

/**
 * The loop every due job shares: claim and process one batch per transaction (so locks are held
 * briefly and a crash loses at most one uncommitted batch), until a batch comes back short.
 */
export const drainInBatches = async (uow: UnitOfWork, batchSize: number, batch: () => Promise<BatchOutcome>): Promise<number> => {
  let processed = 0;
  for (;;) {
    const outcome = await uow.transaction(batch);
    processed += outcome.processed;
    if (outcome.claimed < batchSize) return processed;
  }
};
