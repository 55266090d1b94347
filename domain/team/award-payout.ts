import { err, ok, type Result } from 'neverthrow';
import type { PayoutMethod } from '../conversion/conversion.js';
import { ATTEMPT_LEASE_MS, DEFAULT_PAYOUT_POLICY, IN_TRANSIT_RECHECK_MS, retryDelayMs, type PayoutOutcome, type PayoutPolicy } from '../payout/payout.js';
import type { DomainError } from '../shared/domain-error.js';
import type { Award } from './award.js';
import { invalidAwardTransition } from './award.errors.js';
import { completeAwardPayout, failAwardPayout, holdAwardPayout, requeueAwardPayout, startAwardPayout, type AwardChange } from './award.ops.js';

/**
 * The payout job's bookkeeping of an approved award, kept beside it: the award is paid in the same
 * payments, with the same retries and backoff, as the affiliate's commissions (`payout.ops.ts`).
 */
export interface AwardPayoutSchedule {
  /** Requests made to the provider for this award (funds refusals included). */
  readonly attempts: number;
  /** Failed attempts since the award was last approved: drive the backoff and the limit. */
  readonly failedAttempts: number;
  /** Approved: when it is next due (null: not queued). Processing: its lease, or when its transfer in transit is looked at again. */
  readonly nextAttemptAt: Date | null;
  /** The payment (one transfer per affiliate and currency) of the current or last attempt. */
  readonly paymentId: string | null;
}

export const UNQUEUED_AWARD_PAYOUT: AwardPayoutSchedule = { attempts: 0, failedAttempts: 0, nextAttemptAt: null, paymentId: null };

/** What a payout step gives: the award's change (its events included) and its bookkeeping. */
export interface AwardPayoutStep {
  readonly change: AwardChange;
  readonly schedule: AwardPayoutSchedule;
}

const later = (now: Date, ms: number): Date => new Date(now.getTime() + ms);

/** Approval queues the award: due at `dueAt` (the merchant's payout day, or at once), with a fresh failure budget. */
export const queueAwardPayout = (schedule: AwardPayoutSchedule, dueAt: Date): AwardPayoutSchedule => ({
  ...schedule,
  failedAttempts: 0,
  nextAttemptAt: dueAt,
  paymentId: null,
});

/** The award goes out in `paymentId`: processing, one more attempt, leased until its answer is saved. */
export const startAwardAttempt = (
  award: Award,
  schedule: AwardPayoutSchedule,
  input: { readonly method: PayoutMethod; readonly paymentId: string; readonly now: Date; readonly leaseMs?: number },
): Result<AwardPayoutStep, DomainError> =>
  startAwardPayout(award, input).map((change) => ({
    change,
    schedule: { ...schedule, attempts: schedule.attempts + 1, paymentId: input.paymentId, nextAttemptAt: later(input.now, input.leaseMs ?? ATTEMPT_LEASE_MS) },
  }));

/** Not sent this time (below the minimum, no provider): approved until `until`, the reason visible. */
export const holdAwardAttempt = (
  award: Award,
  schedule: AwardPayoutSchedule,
  input: { readonly reason: string; readonly until: Date; readonly now: Date },
): Result<AwardPayoutStep, DomainError> =>
  holdAwardPayout(award, input).map((change) => ({ change, schedule: { ...schedule, nextAttemptAt: input.until } }));

/** A processing award about to be asked about again: its lease moves ahead, nothing else changes. */
export const leaseAwardAttempt = (award: Award, schedule: AwardPayoutSchedule, now: Date, leaseMs: number = ATTEMPT_LEASE_MS): Result<AwardPayoutSchedule, DomainError> => {
  if (award.status !== 'processing') return err(invalidAwardTransition(award.status, 'payout_result'));
  return ok({ ...schedule, nextAttemptAt: later(now, leaseMs) });
};

const unchanged = (award: Award): AwardChange => ({ award, events: [], changed: false, idempotent: false });

/**
 * What the provider answered for the payment that carries a processing award, as for a payout row:
 * - `completed` → paid, `bonus.paid` (only now: the provider confirmed the transfer);
 * - `in_transit` → stays processing, looked at again at `checkAfter`;
 * - `insufficient_funds` → approved again, due after the funds-recheck delay; never counts as a failure;
 * - `failed` → with a retryable reason and fewer than `maxFailedAttempts` failures, approved again
 *   after the backoff; otherwise failed (the merchant approves it again to retry, or pays it by hand).
 */
export const answerAwardPayout = (
  award: Award,
  schedule: AwardPayoutSchedule,
  outcome: PayoutOutcome,
  input: { readonly now: Date; readonly policy?: PayoutPolicy },
): Result<AwardPayoutStep, DomainError> => {
  if (award.status !== 'processing') return err(invalidAwardTransition(award.status, 'payout_result'));
  const { now } = input;
  const policy = input.policy ?? DEFAULT_PAYOUT_POLICY;
  switch (outcome.kind) {
    case 'completed':
      return completeAwardPayout(award, { transferId: outcome.reference, now }).map((change) => ({ change, schedule: { ...schedule, nextAttemptAt: null } }));
    case 'in_transit': {
      const checkAt = outcome.checkAfter && outcome.checkAfter.getTime() > now.getTime() ? outcome.checkAfter : later(now, IN_TRANSIT_RECHECK_MS);
      return ok({ change: unchanged(award), schedule: { ...schedule, nextAttemptAt: checkAt } });
    }
    case 'insufficient_funds':
      return requeueAwardPayout(award, { reason: 'insufficient_funds', now }).map((change) => ({
        change,
        schedule: { ...schedule, nextAttemptAt: later(now, policy.fundsRecheckDelayMs) },
      }));
    case 'failed': {
      const failedAttempts = schedule.failedAttempts + 1;
      if (outcome.retryable && failedAttempts < policy.maxFailedAttempts) {
        return requeueAwardPayout(award, { reason: outcome.reason, now }).map((change) => ({
          change,
          schedule: { ...schedule, failedAttempts, nextAttemptAt: later(now, retryDelayMs(failedAttempts, policy)) },
        }));
      }
      return failAwardPayout(award, { reason: outcome.reason, now }).map((change) => ({ change, schedule: { ...schedule, failedAttempts, nextAttemptAt: null } }));
    }
  }
};
