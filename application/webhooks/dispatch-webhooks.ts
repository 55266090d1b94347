import type { Clock } from '../ports/clock.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { ClaimedDelivery, WebhookDeliveryRepository } from '../ports/webhook-repositories.js';
import type { WebhookAttempts } from './webhook-attempts.js';
import type { FanOutWebhookEvents } from './webhook-fan-out.js';
import type { RecordWebhookOutcomes, SentAttempt } from './webhook-outcomes.js';

export interface DispatchSettings {
  /** Outbox events taken per transaction. */
  readonly fanOutBatch: number;
  /** Attempts this process has in flight at most (sockets, not database connections). */
  readonly concurrency: number;
  /** Attempts in flight per subscription at most (fewer while it is failing: see `inFlightAllowance`). */
  readonly perSubscription: number;
  /** Deliveries claimed at a time. */
  readonly claimBatch: number;
  /** Outcomes recorded per transaction at most. */
  readonly recordBatch: number;
  /**
   * How long a claimed attempt may stay unrecorded before it counts as interrupted. Longer than
   * the transport's whole attempt (name resolution and the 10 s answer) can take.
   */
  readonly leaseMs: number;
  /** Outbox events one run dispatches at most, so a run always ends. */
  readonly maxEventsPerRun: number;
  /** Interrupted attempts are looked for on the first run and then every this many runs. */
  readonly reconcileEveryRuns: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = {
  fanOutBatch: 500,
  concurrency: 64,
  perSubscription: 5,
  claimBatch: 64,
  recordBatch: 200,
  leaseMs: 25_000,
  maxEventsPerRun: 5_000,
  reconcileEveryRuns: 10,
};

/**
 * The webhook worker (`webhook-dispatch`), safe in any number of processes at once. Claim, commit,
 * send, record: no transaction is open while an endpoint answers.
 *
 * 1. Fan-out (`FanOutWebhookEvents`): outbox events become deliveries.
 * 2. Claim: due deliveries are claimed fairly across subscriptions and leased, in one step
 *    that commits on its own; the lease is the record that the attempt started. The due deliveries
 *    of inactive subscriptions come back unleased and are settled `skipped` (`RecordWebhookOutcomes.skip`).
 * 3. Send: up to `concurrency` at once, over kept-alive connections (the transport).
 * 4. Record (`RecordWebhookOutcomes`): answers are recorded in batches; each recorded batch frees
 *    its subscriptions' slots and claims more at once, so a burst drains without waiting for a poll.
 *
 * A process that dies between 2 and 4 leaves leases that run out; the next run logs those attempts
 * as interrupted and sends them again with the same envelope id (at least once; docs/reliability.md).
 */
export class DispatchWebhooks implements DueJob {
  readonly name = 'webhook-dispatch';

  private inFlight = 0;
  private readonly answered: SentAttempt[] = [];
  private recording: Promise<void> | null = null;
  private recordError: unknown = null;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private stopping = false;
  private runs = 0;
  /** Deliveries claimed or skipped by this process, ever (a run reports its share). */
  private handled = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly fanOut: FanOutWebhookEvents,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookAttempts,
    private readonly outcomes: RecordWebhookOutcomes,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: DispatchSettings = DEFAULT_DISPATCH_SETTINGS,
  ) {}

  /** Everything due at `now`, and waits until every attempt started is recorded (`POST /admin/v1/jobs/run`, the minute tick). */
  async runDue(now: Date): Promise<number> {
    const before = this.handled;
    const dispatched = await this.dispatchAndClaim(now);
    await this.pump();
    await this.idle();
    return dispatched + (this.handled - before);
  }

  /**
   * Dispatches events and starts due deliveries, without waiting for the endpoints (the poll loop):
   * answers claim further work as they are recorded. Returns the events dispatched and the
   * deliveries started or skipped by this call.
   */
  async startDue(now: Date): Promise<number> {
    const before = this.handled;
    const dispatched = await this.dispatchAndClaim(now);
    // Not awaited: during a burst the claims go on as answers are recorded, and the next poll's
    // fan-out must not wait for them to stop.
    void this.pump().catch((error: unknown) => this.logger.error({ err: error }, 'webhook claim failed'));
    return dispatched + (this.handled - before);
  }

  /** Returns the interrupted attempts settled and the events dispatched. */
  private async dispatchAndClaim(now: Date): Promise<number> {
    if (this.stopping) return 0;
    let reconciled = 0;
    if (this.runs++ % this.settings.reconcileEveryRuns === 0) reconciled = await this.outcomes.reconcileInterrupted(this.settings.claimBatch);
    const dispatched = await this.fanOut.run(now, this.settings.fanOutBatch, this.settings.maxEventsPerRun);
    // Answers the last run could not record (the database was away) go first.
    if (this.answered.length > 0) this.recordAnswers();
    return reconciled + dispatched;
  }

  /** Claims no more, waits for attempts in flight and records their answers (graceful shutdown). */
  async drain(): Promise<void> {
    this.stopping = true;
    await this.idle().catch((error: unknown) => this.logger.error({ err: error }, 'webhook answers not recorded at shutdown'));
  }

  /** Resolves once nothing is in flight or waiting to be recorded; rejects if recording failed. */
  private async idle(): Promise<void> {
    while (this.inFlight > 0 || this.recording || this.pumping || this.answered.length > 0) {
      if (this.recordError && this.inFlight === 0 && !this.recording && !this.pumping) {
        const error = this.recordError;
        this.recordError = null;
        throw error;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private changed(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Claims while this process has free slots and due work remains; one claimer at a time. */
  private pump(): Promise<void> {
    this.pumpAgain = true;
    this.pumping ??= this.claimWhileFree().finally(() => {
      this.pumping = null;
      // Asked for again after the loop's last look, before this callback ran.
      if (this.pumpAgain && !this.stopping) void this.pump().catch((error: unknown) => this.logger.error({ err: error }, 'webhook claim failed'));
      this.changed();
    });
    return this.pumping;
  }

  private async claimWhileFree(): Promise<void> {
    while (this.pumpAgain && !this.stopping) {
      this.pumpAgain = false;
      for (;;) {
        const room = Math.min(this.settings.concurrency - this.inFlight, this.settings.claimBatch);
        if (room <= 0) break;
        const now = this.clock.now();
        const { claimed, toSkip } = await this.deliveries.claimDue(now, {
          batch: room,
          perSubscription: this.settings.perSubscription,
          leaseMs: this.settings.leaseMs,
        });
        for (const claim of claimed) this.send(claim);
        const skipped = await this.outcomes.skip(toSkip, now);
        this.handled += claimed.length + skipped;
        if (claimed.length + skipped < room) break;
      }
    }
  }

  private send(claim: ClaimedDelivery): void {
    this.inFlight += 1;
    void this.attempts.send(claim.delivery, claim.subscription).then((response) => {
      this.inFlight -= 1;
      this.answered.push({ claim, response });
      this.recordAnswers();
    });
  }

  /** Records answers in batches, one transaction at a time; each batch recorded frees slots: claim again. */
  private recordAnswers(): void {
    this.recording ??= (async () => {
      while (this.answered.length > 0) {
        const batch = this.answered.splice(0, this.settings.recordBatch);
        try {
          await this.outcomes.record(batch);
          this.recordError = null;
        } catch (error) {
          // Kept for the next run; their leases keep their subscriptions' slots taken meanwhile.
          this.answered.unshift(...batch);
          this.recordError = error;
          this.logger.error({ err: error, answers: batch.length }, 'webhook answers not recorded; retrying on the next run');
          return;
        }
        if (!this.stopping) void this.pump().catch((error: unknown) => this.logger.error({ err: error }, 'webhook claim failed'));
      }
    })().finally(() => {
      this.recording = null;
      // Answers that arrived after the loop's last look, before this callback ran.
      if (this.answered.length > 0 && this.recordError === null) this.recordAnswers();
      this.changed();
    });
  }
}
