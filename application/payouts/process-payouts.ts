import {
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
import type { ClaimedAttempt, ClaimedPayout, ScanCursor } from '../ports/payout-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { applyPayoutChange, type PayoutSinks } from './payout-effects.js';

export interface PayoutJobSettings {
  /** Rows claimed (and locked) per transaction. */
  readonly batchSize: number;
  /** Upper bound of rows one run handles per step, so a run always ends. */
  readonly maxPerRun: number;
  readonly policy: PayoutPolicy;
}

export const DEFAULT_PAYOUT_JOB_SETTINGS: PayoutJobSettings = { batchSize: 50, maxPerRun: 5_000, policy: DEFAULT_PAYOUT_POLICY };

interface BatchResult {
  readonly handled: number;
  readonly claimed: number;
  readonly last: ScanCursor | null;
}

/**
 * The payout worker (`payouts`). Each run, in three steps, each in batches of rows claimed with
 * `FOR UPDATE SKIP LOCKED` (row and conversion) inside one transaction per batch:
 *
 * 1. release: `pending` rows whose holding period is over → `scheduled`;
 * 2. settle: transfers in flight (`processing`) that are due for a look → asks the provider;
 * 3. attempt: due `scheduled` / `awaiting_funds` rows → one request each to the provider of the
 *    affiliate's method, and the outcome recorded (completed, in transit, awaiting funds, retry, failed).
 *
 * The provider is called while the batch's transaction holds the rows, and every request carries the
 * attempt's idempotency key (`attemptKey`), derived from committed state. A process that dies mid-batch
 * rolls the batch back; the next run repeats the same requests with the same keys, and the provider
 * answers with the transfers it already made, so no row is paid twice and none is lost. Two processes
 * never hold the same row. A provider that throws (unknown outcome) leaves its row untouched for the
 * next run, again with the same key.
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
    const settled = await this.inBatches((after) => this.settleBatch(now, after));
    const attempted = await this.inBatches((after) => this.attemptBatch(now, after));
    return released + settled + attempted;
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

  private settleBatch(now: Date, after: ScanCursor | null): Promise<BatchResult> {
    return this.uow.transaction(async () => {
      const rows = await this.sinks.payouts.claimInTransit(now, this.settings.batchSize, after);
      let handled = 0;
      for (const row of rows) {
        const { payoutMethod: method, providerReference: reference } = row.payout;
        if (method === null || reference === null) continue;
        const outcome = await this.ask(row, () => this.providers.forMethod(method).status(reference));
        if (outcome && (await this.record(row, outcome, now))) handled += 1;
      }
      const last = rows.at(-1);
      return { handled, claimed: rows.length, last: last ? { at: last.payout.nextCheckAt ?? now, id: last.payout.id } : null };
    });
  }

  private attemptBatch(now: Date, after: ScanCursor | null): Promise<BatchResult> {
    return this.uow.transaction(async () => {
      const rows = await this.sinks.payouts.claimAttemptable(now, this.settings.batchSize, after);
      let handled = 0;
      for (const row of rows) {
        const started = startAttempt(row.payout, { method: row.destination.payoutMethod, now });
        if (started.isErr()) continue;
        const payout = started.value;
        const outcome = await this.ask(row, () =>
          this.providers.forMethod(row.destination.payoutMethod).send({
            idempotencyKey: attemptKey(payout),
            payoutId: payout.id,
            merchantId: payout.merchantId,
            mode: payout.mode,
            affiliateId: payout.affiliateId,
            email: row.destination.payoutMethod === 'connect' ? null : row.destination.payoutEmail,
            amount: payout.amount,
            currency: payout.currency,
          }),
        );
        if (outcome && (await this.record({ ...row, payout }, outcome, now))) handled += 1;
      }
      const last = rows.at(-1);
      return { handled, claimed: rows.length, last: last ? { at: last.payout.scheduledDate, id: last.payout.id } : null };
    });
  }

  /** The provider's answer, or null when it threw: the row is left as it was, to be asked again with the same key. */
  private async ask(row: ClaimedPayout | ClaimedAttempt, call: () => Promise<PayoutOutcome>): Promise<PayoutOutcome | null> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn({ err: error, payoutId: row.payout.id }, 'payout provider did not answer; the payout is tried again later');
      return null;
    }
  }

  private async record(row: ClaimedPayout, outcome: PayoutOutcome, now: Date): Promise<boolean> {
    const change = recordOutcome(row.payout, outcome, { now, policy: this.settings.policy });
    if (change.isErr()) {
      this.logger.error({ payoutId: row.payout.id, code: change.error.code, message: change.error.message }, 'payout outcome refused');
      return false;
    }
    const applied = await applyPayoutChange(this.sinks, change.value, row.conversion, now);
    if (applied.isErr()) {
      this.logger.error({ payoutId: row.payout.id, code: applied.error.code, message: applied.error.message }, 'payout completion not recorded');
      return false;
    }
    return true;
  }
}
