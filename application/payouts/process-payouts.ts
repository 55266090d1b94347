import {
  ATTEMPT_LEASE_MS,
  attemptKey,
  DEFAULT_PAYOUT_POLICY,
  recordOutcome,
  releasePayout,
  startAttempt,
  type PayoutOutcome,
  type PayoutPolicy,
} from '../../domain/index.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { PayoutProviders } from '../ports/payout-provider.js';
import type { ClaimedAttempt, ScanCursor } from '../ports/payout-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { applyPayoutChange, type PayoutSinks } from './payout-effects.js';

export interface PayoutJobSettings {
  /** Rows claimed (and locked) per transaction. */
  readonly batchSize: number;
  /** Upper bound of rows one run handles per step, so a run always ends. */
  readonly maxPerRun: number;
  readonly policy: PayoutPolicy;
  /** How long a started attempt may go without a saved answer before it is repeated. */
  readonly attemptLeaseMs: number;
}

export const DEFAULT_PAYOUT_JOB_SETTINGS: PayoutJobSettings = {
  batchSize: 50,
  maxPerRun: 5_000,
  policy: DEFAULT_PAYOUT_POLICY,
  attemptLeaseMs: ATTEMPT_LEASE_MS,
};

interface BatchResult {
  readonly handled: number;
  readonly claimed: number;
  readonly last: ScanCursor | null;
}

/**
 * The payout worker (`payouts`). Each run has three steps, each over batches of rows claimed with
 * `FOR UPDATE SKIP LOCKED` (the row, and its conversion when the step may pay it):
 *
 * 1. release: `pending` rows whose holding period is over → `scheduled`;
 * 2. follow up: `processing` rows due for a look → the provider's `status` of the transfer in flight,
 *    or, for an attempt whose answer was never saved (its process died), the same request again;
 * 3. attempt: due `scheduled` / `awaiting_funds` rows. A first transaction starts the attempts
 *    (`processing`, attempt count, method, a lease) and commits, so the request is on record before it
 *    leaves; a second transaction holds the rows while each request goes to the provider of its method
 *    and records the outcome (completed, in transit, awaiting funds, retry, failed) with its events.
 *
 * Every request carries the attempt's idempotency key (`attemptKey`). A process that dies while a batch
 * is with the provider rolls the outcomes back; once the lease has passed, step 2 repeats the same
 * requests (same method, same key), and the provider answers with the transfers it already made: no
 * row is paid twice and none is lost. Two processes never hold the same row. A provider that throws
 * (unknown outcome) leaves its row as it is, to be asked again later with the same key.
 */
export class ProcessPayouts implements DueJob {
  readonly name = 'payouts';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sinks: PayoutSinks,
    private readonly providers: PayoutProviders,
    private readonly logger: Logger,
    private readonly settings: PayoutJobSettings = DEFAULT_PAYOUT_JOB_SETTINGS,
  ) {}

  async runDue(now: Date): Promise<number> {
    const released = await this.inBatches((after) => this.releaseBatch(now, after));
    const followedUp = await this.inBatches((after) => this.followUpBatch(now, after));
    const attempted = await this.inBatches((after) => this.attemptBatch(now, after));
    return released + followedUp + attempted;
  }

  private async inBatches(batch: (after: ScanCursor | null) => Promise<BatchResult>): Promise<number> {
    let handled = 0;
    let claimed = 0;
    let after: ScanCursor | null = null;
    while (claimed < this.settings.maxPerRun) {
      const result = await batch(after);
      handled += result.handled;
      claimed += result.claimed;
      if (result.claimed < this.settings.batchSize || !result.last) break;
      after = result.last;
    }
    return handled;
  }

  private releaseBatch(now: Date, after: ScanCursor | null): Promise<BatchResult> {
    return this.uow.transaction(async () => {
      const rows = await this.sinks.payouts.claimReleasable(now, this.settings.batchSize, after);
      let handled = 0;
      for (const payout of rows) {
        const released = releasePayout(payout, now);
        if (released.isErr()) continue;
        await this.sinks.payouts.update(released.value.payout);
        handled += 1;
      }
      const last = rows.at(-1);
      return { handled, claimed: rows.length, last: last ? { at: last.scheduledDate, id: last.id } : null };
    });
  }

  private followUpBatch(now: Date, after: ScanCursor | null): Promise<BatchResult> {
    return this.uow.transaction(async () => {
      const rows = await this.sinks.payouts.claimProcessing(now, this.settings.batchSize, after);
      let handled = 0;
      for (const row of rows) if (await this.askProvider(row, now)) handled += 1;
      const last = rows.at(-1);
      return { handled, claimed: rows.length, last: last ? { at: last.payout.nextCheckAt ?? now, id: last.payout.id } : null };
    });
  }

  private async attemptBatch(now: Date, after: ScanCursor | null): Promise<BatchResult> {
    const started = await this.uow.transaction(async () => {
      const rows = await this.sinks.payouts.claimAttemptable(now, this.settings.batchSize, after);
      const ids: string[] = [];
      for (const row of rows) {
        const attempt = startAttempt(row.payout, { method: row.destination.payoutMethod, now, leaseMs: this.settings.attemptLeaseMs });
        if (attempt.isErr()) continue;
        await this.sinks.payouts.update(attempt.value);
        ids.push(attempt.value.id);
      }
      const last = rows.at(-1);
      return { ids, claimed: rows.length, last: last ? { at: last.payout.scheduledDate, id: last.payout.id } : null };
    });
    const handled =
      started.ids.length === 0
        ? 0
        : await this.uow.transaction(async () => {
            let count = 0;
            for (const row of await this.sinks.payouts.lockProcessing(started.ids)) if (await this.askProvider(row, now)) count += 1;
            return count;
          });
    return { handled, claimed: started.claimed, last: started.last };
  }

  /**
   * One request to the provider of the attempt's method: the transfer request itself while no answer
   * is saved (a repeat carries the same key), else the status of the transfer in flight.
   */
  private async askProvider(row: ClaimedAttempt, now: Date): Promise<boolean> {
    const { payout, destination } = row;
    const provider = this.providers.forMethod(destination.payoutMethod);
    let outcome: PayoutOutcome;
    try {
      outcome =
        payout.providerReference === null
          ? await provider.send({
              idempotencyKey: attemptKey(payout),
              payoutId: payout.id,
              merchantId: payout.merchantId,
              mode: payout.mode,
              affiliateId: payout.affiliateId,
              email: destination.payoutMethod === 'connect' ? null : destination.payoutEmail,
              amount: payout.amount,
              currency: payout.currency,
            })
          : await provider.status(payout.providerReference);
    } catch (error) {
      this.logger.warn({ err: error, payoutId: payout.id }, 'payout provider did not answer; the payout is asked again later');
      return false;
    }
    const change = recordOutcome(payout, outcome, { now, policy: this.settings.policy });
    if (change.isErr()) {
      this.logger.error({ payoutId: payout.id, code: change.error.code, message: change.error.message }, 'payout outcome refused');
      return false;
    }
    const applied = await applyPayoutChange(this.sinks, change.value, row.conversion, now);
    if (applied.isErr()) {
      this.logger.error({ payoutId: payout.id, code: applied.error.code, message: applied.error.message }, 'payout completion not recorded');
      return false;
    }
    return true;
  }
}
