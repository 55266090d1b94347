import { ATTEMPT_LEASE_MS, DEFAULT_PAYOUT_POLICY, nextPayoutDate, releasePayout, type PayoutOutcome, type PayoutPolicy } from '../../domain/index.js';
import type { Mode } from '../../domain/index.js';
import { payoutsDueNotice } from '../notifications/notice-texts.js';
import type { DueJob } from '../ports/jobs.js';
import type { PaymentGroupCursor, ScanCursor } from '../ports/payout-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { PaymentAttempts, type PaymentCall, type PaymentPorts } from './payment-attempts.js';
import { groupByPayment, groupForPayments } from './payment-groups.js';

export interface PayoutJobSettings {
  /** Rows claimed per release transaction; payments (affiliate and currency groups) per attempt or follow-up transaction. */
  readonly batchSize: number;
  /** Upper bound of batches one run handles per step, so a run always ends. */
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

interface BatchResult<C> {
  readonly handled: number;
  readonly claimed: number;
  readonly last: C | null;
}

/**
 * The payout worker (`payouts`). Claim, commit, send, record: no transaction is open while a provider
 * answers. Each run has three steps, each over batches claimed with `FOR UPDATE SKIP LOCKED` (the
 * row, and its conversion when the step may pay it):
 *
 * 1. release: `pending` rows whose holding period is over → `scheduled`, due at once or on the
 *    merchant's payout day;
 * 2. follow up: payments with a row due for a look → their rows are leased again and committed, then
 *    the provider is asked the `status` of the transfer in flight or, for a payment whose answer was
 *    never saved (its process died), sent the same request again;
 * 3. attempt: due `scheduled` / `awaiting_funds` rows and due approved team bonus awards, whole
 *    affiliate-and-currency groups at a time (one payment pays both).
 *    A claim transaction nets clawbacks, applies the minimum, records one payment per group, starts
 *    its rows (`processing`, attempt count, method, lease) and commits, so the request is on record
 *    before it leaves; then each payment's one request goes to the provider.
 *
 * After a batch's calls, one short transaction records the answers on the payments and on every row
 * still in flight with them, with their events. The request's idempotency key is the payment's id.
 * A process that dies between a call and its record leaves its rows `processing` under their lease;
 * once it has passed, step 2 repeats the same requests (same amount, same key) and the provider
 * answers with the transfers it already made: no row is paid twice and none is lost. A provider
 * that throws (unknown outcome) leaves its rows as they are, to be asked again after the lease.
 */
export class ProcessPayouts implements DueJob {
  readonly name = 'payouts';
  private readonly attempts: PaymentAttempts;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly ports: PaymentPorts,
    private readonly settings: PayoutJobSettings = DEFAULT_PAYOUT_JOB_SETTINGS,
  ) {
    this.attempts = new PaymentAttempts(ports, settings.policy, settings.attemptLeaseMs);
  }

  async runDue(now: Date): Promise<number> {
    this.attempts.reset();
    const released = await this.inBatches<ScanCursor>((after) => this.releaseBatch(now, after));
    const followedUp = await this.inBatches<string>((after) => this.followUpBatch(now, after));
    const attempted = await this.inBatches<PaymentGroupCursor>((after) => this.attemptBatch(now, after));
    return released + followedUp + attempted;
  }

  private async inBatches<C>(batch: (after: C | null) => Promise<BatchResult<C>>): Promise<number> {
    let handled = 0;
    let after: C | null = null;
    for (let round = 0; round < this.settings.maxPerRun; round += 1) {
      const result: BatchResult<C> = await batch(after);
      handled += result.handled;
      if (result.claimed < this.settings.batchSize || !result.last) break;
      after = result.last;
    }
    return handled;
  }

  private releaseBatch(now: Date, after: ScanCursor | null): Promise<BatchResult<ScanCursor>> {
    return this.uow.transaction(async () => {
      const rows = await this.ports.sinks.payouts.claimReleasable(now, this.settings.batchSize, after);
      let handled = 0;
      const due = new Map<string, { merchantId: string; mode: Mode; day: string }>();
      for (const { payout, payoutDay } of rows) {
        const released = releasePayout(payout, now, nextPayoutDate(now, payoutDay));
        if (released.isErr()) continue;
        await this.ports.sinks.payouts.update(released.value.payout);
        handled += 1;
        const day = released.value.payout.scheduledDate.toISOString().slice(0, 10);
        due.set(`${payout.merchantId}:${payout.mode}:${day}`, { merchantId: payout.merchantId, mode: payout.mode, day });
      }
      // The moment a payout is scheduled is when the merchant can act on it (pay by hand, fund the
      // balance): told once per payout date, in the release's transaction.
      for (const { merchantId, mode, day } of due.values()) {
        await this.ports.notices?.notify({ merchantId, mode, once: `payouts_due:${day}`, ...payoutsDueNotice(day) });
      }
      const last = rows.at(-1)?.payout;
      // The cursor is the claim's order (the holding end), not the new due date.
      return { handled, claimed: rows.length, last: last ? { at: last.scheduledDate, id: last.id } : null };
    });
  }

  private async followUpBatch(now: Date, after: string | null): Promise<BatchResult<string>> {
    const claimed = await this.uow.transaction(async () => {
      const byPayment = groupByPayment(await this.ports.sinks.payouts.claimProcessing(now, this.settings.batchSize, after));
      const calls: PaymentCall[] = [];
      let settled = 0;
      for (const [paymentId, lines] of byPayment) {
        const next = await this.attempts.resume(paymentId, lines, now);
        settled += next.settled;
        if (next.call) calls.push(next.call);
      }
      // The claim's order is by payment id: the greatest one is where the next batch starts.
      const last = [...byPayment.keys()].sort().at(-1) ?? null;
      return { calls, settled, claimed: byPayment.size, last };
    });
    const handled = claimed.settled + (await this.callAndRecord(claimed.calls, now));
    return { handled, claimed: claimed.claimed, last: claimed.last };
  }

  private async attemptBatch(now: Date, after: PaymentGroupCursor | null): Promise<BatchResult<PaymentGroupCursor>> {
    const started = await this.uow.transaction(async () => {
      const claimed = await this.ports.sinks.payouts.claimAttemptable(now, this.settings.batchSize, after);
      const calls: PaymentCall[] = [];
      for (const group of groupForPayments(claimed)) {
        const call = await this.attempts.start(group, now);
        if (call) calls.push(call);
      }
      return { calls, claimed: claimed.groups.length, last: claimed.groups.at(-1) ?? null };
    });
    const handled = await this.callAndRecord(started.calls, now);
    return { handled, claimed: started.claimed, last: started.last };
  }

  /** Each call goes out with no transaction open; the answers are recorded together in one short transaction. */
  private async callAndRecord(calls: readonly PaymentCall[], now: Date): Promise<number> {
    const answered: { call: PaymentCall; outcome: PayoutOutcome }[] = [];
    for (const call of calls) {
      const outcome = await this.attempts.ask(call);
      if (outcome) answered.push({ call, outcome });
    }
    if (answered.length === 0) return 0;
    return this.uow.transaction(async () => {
      const locked = groupByPayment(
        await this.ports.sinks.payouts.lockProcessing(
          answered.flatMap(({ call }) => call.payoutIds),
          answered.flatMap(({ call }) => call.awardIds),
        ),
      );
      let settled = 0;
      for (const { call, outcome } of answered) {
        settled += await this.attempts.record(call, outcome, locked.get(call.payment.id) ?? { rows: [], awards: [] }, now);
      }
      return settled;
    });
  }
}
