import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface BatchOutcome {
  /** Items the batch acted on (what the job reports). */
  readonly processed: number;
  /** Items the batch claimed; a batch smaller than `batchSize` means nothing more is due. */
  readonly claimed: number;
}

/**
 * The loop every due job shares: claim and process one batch per transaction (so locks are held
 * briefly and a crash loses at most one uncommitted batch), until a batch comes back short or
 * `maxBatches` batches have run.
 */
export const drainInBatches = async (uow: UnitOfWork, batchSize: number, batch: () => Promise<BatchOutcome>, maxBatches = Infinity): Promise<number> => {
  let processed = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const outcome = await uow.transaction(batch);
    processed += outcome.processed;
    if (outcome.claimed < batchSize) break;
  }
  return processed;
};

/**
 * `drainInBatches` over due rows: each batch claims up to `batchSize` rows and acts on them one by
 * one; `act` answers how many changes a row made (0 when it was left as it was), which is what the job reports.
 */
export const drainDueRows = <Row>(
  uow: UnitOfWork,
  batchSize: number,
  claim: () => Promise<readonly Row[]>,
  act: (row: Row) => Promise<number>,
  maxBatches = Infinity,
): Promise<number> =>
  drainInBatches(
    uow,
    batchSize,
    async () => {
      const due = await claim();
      let processed = 0;
      for (const row of due) processed += await act(row);
      return { processed, claimed: due.length };
    },
    maxBatches,
  );
