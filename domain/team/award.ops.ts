import { err, ok, type Result } from 'neverthrow';
import type { PayoutMethod } from '../conversion/conversion.js';
import type { CurrencyCode } from '../money/currency.js';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';
import { OPEN_AWARD_STATUSES, UNPAID_AWARD_STATUSES, type Award, type AwardStatus, type CancelReason } from './award.js';
import { invalidAwardTransition } from './award.errors.js';
import type { AwardEvent } from './award.events.js';
import type { AwardShare } from './bonus.js';

/** Awards counted as approved already (re-approving them is an idempotent no-op). */
const ALREADY_APPROVED: readonly AwardStatus[] = ['approved', 'processing', 'paid'];

export interface AwardChange {
  readonly award: Award;
  readonly events: readonly AwardEvent[];
  /** False for a no-op (nothing to save, no events). */
  readonly changed: boolean;
  /** True for a repeated approval (answered 200 with `idempotent: true`). */
  readonly idempotent: boolean;
}

const moved = (award: Award, events: readonly AwardEvent[]): AwardChange => ({ award, events, changed: true, idempotent: false });
const still = (award: Award, idempotent = false): AwardChange => ({ award, events: [], changed: false, idempotent });

export interface NewAwardContext {
  readonly merchantId: string;
  readonly teamId: string;
  readonly goalId: string;
  readonly periodKey: string;
  readonly currency: CurrencyCode;
  readonly payableAfter: Date;
  readonly now: Date;
}

/** A provisional award (`pending_window`) for a member's share of a period that closed with its target hit. No event yet. */
export const openAward = (id: string, share: AwardShare, context: NewAwardContext): Award => ({
  id,
  merchantId: context.merchantId,
  teamId: context.teamId,
  goalId: context.goalId,
  periodKey: context.periodKey,
  affiliateId: share.affiliateId,
  amount: share.amount,
  currency: context.currency,
  status: 'pending_window',
  payableAfter: context.payableAfter,
  contributingCount: share.contributing.count,
  contributingAmount: share.contributing.amount,
  approvedAt: null,
  approvedBy: null,
  paidAt: null,
  payoutMethod: null,
  cardTransferId: null,
  failureReason: null,
  cancelReason: null,
  createdAt: context.now,
  updatedAt: context.now,
});

const cancelled = (award: Award, reason: CancelReason, now: Date): AwardChange => {
  const next: Award = { ...award, status: 'cancelled', cancelReason: reason, updatedAt: now };
  return moved(next, [{ type: 'bonus.cancelled', award: next }]);
};

/**
 * A refund during the refund-safe window changed the period: the award takes its new share (a share
 * of zero, or a missed target, cancels it with `bonus.cancelled`). Only `pending_window` awards move.
 */
export const reviseAward = (
  award: Award,
  input: { readonly share: AwardShare | null; readonly hit: boolean; readonly now: Date },
): Result<AwardChange, DomainError> => {
  if (award.status !== 'pending_window') return err(invalidAwardTransition(award.status, 'revise'));
  if (!input.hit) return ok(cancelled(award, 'target_missed', input.now));
  if (input.share === null || input.share.amount.lte(0)) return ok(cancelled(award, 'refund', input.now));
  const { share } = input;
  if (
    share.amount.eq(award.amount) &&
    share.contributing.count === award.contributingCount &&
    share.contributing.amount.eq(award.contributingAmount)
  ) {
    return ok(still(award));
  }
  return ok(
    moved(
      {
        ...award,
        amount: share.amount,
        contributingCount: share.contributing.count,
        contributingAmount: share.contributing.amount,
        updatedAt: input.now,
      },
      [],
    ),
  );
};

/**
 * The refund-safe window closed (`now ≥ payableAfter`): with the target still hit the award, at its
 * final share, awaits approval (`bonus.awarded`); otherwise it is cancelled (`bonus.cancelled`).
 */
export const closeAwardWindow = (
  award: Award,
  input: { readonly share: AwardShare | null; readonly hit: boolean; readonly now: Date },
): Result<AwardChange, DomainError> => {
  if (award.status !== 'pending_window') return err(invalidAwardTransition(award.status, 'close_window'));
  if (input.now.getTime() < award.payableAfter.getTime()) {
    return err(domainError('invalid_transition', 'The refund-safe window of this award is still open'));
  }
  const revised = reviseAward(award, input);
  if (revised.isErr()) return revised;
  if (revised.value.award.status === 'cancelled') return revised;
  const next: Award = { ...revised.value.award, status: 'pending_approval', updatedAt: input.now };
  return ok(moved(next, [{ type: 'bonus.awarded', award: next }]));
};

/**
 * `approve`: pending_approval → approved (the caller queues the payout), stamped `approvedBy`. Again
 * on an award that was approved already (approved, processing, paid) → unchanged, `idempotent`. A
 * `failed` payout is approved again to retry it (approved, queued again).
 */
export const approveAward = (award: Award, input: { readonly approvedBy: string; readonly now: Date }): Result<AwardChange, DomainError> => {
  if (ALREADY_APPROVED.includes(award.status)) return ok(still(award, true));
  if (award.status !== 'pending_approval' && award.status !== 'failed') return err(invalidAwardTransition(award.status, 'approve'));
  return ok(
    moved(
      { ...award, status: 'approved', approvedAt: input.now, approvedBy: input.approvedBy, failureReason: null, updatedAt: input.now },
      [],
    ),
  );
};

/**
 * `mark_paid`: the merchant paid the bonus outside the service (the way headless affiliates are paid):
 * approved (or failed) → paid, `bonus.paid`. `payoutMethod` is the affiliate's saved method, if any.
 */
export const markAwardPaid = (
  award: Award,
  input: { readonly payoutMethod: PayoutMethod | null; readonly now: Date },
): Result<AwardChange, DomainError> => {
  if (award.status !== 'approved' && award.status !== 'failed') return err(invalidAwardTransition(award.status, 'mark_paid'));
  const next: Award = {
    ...award,
    status: 'paid',
    paidAt: input.now,
    payoutMethod: input.payoutMethod,
    cardTransferId: null,
    failureReason: null,
    updatedAt: input.now,
  };
  return ok(moved(next, [{ type: 'bonus.paid', award: next }]));
};

/** `cancel`: pending_window, pending_approval or approved → cancelled, `bonus.cancelled` (an approved award's payout is dropped). */
export const cancelAward = (award: Award, now: Date): Result<AwardChange, DomainError> => {
  if (!OPEN_AWARD_STATUSES.includes(award.status)) return err(invalidAwardTransition(award.status, 'cancel'));
  return ok(cancelled(award, 'merchant', now));
};

/**
 * The operator moved the merchant off Scale: every award not yet paid (and not with the payout
 * provider) is cancelled with `bonus.cancelled`; others are left as they are (no-op).
 */
export const cancelAwardForDowngrade = (award: Award, now: Date): AwardChange =>
  UNPAID_AWARD_STATUSES.includes(award.status) ? cancelled(award, 'plan_downgrade', now) : still(award);

/**
 * The payout job puts an approved award into a payment with the affiliate's other due money (one
 * transfer per affiliate and currency): approved → processing, paid by `method`.
 */
export const startAwardPayout = (award: Award, input: { readonly method: PayoutMethod; readonly now: Date }): Result<AwardChange, DomainError> => {
  if (award.status !== 'approved') return err(invalidAwardTransition(award.status, 'start_payout'));
  return ok(moved({ ...award, status: 'processing', payoutMethod: input.method, failureReason: null, updatedAt: input.now }, []));
};

/**
 * The provider confirmed the transfer: processing → paid, `bonus.paid`. The transfer id is kept as
 * `cardTransferId` for connected-account transfers only, as a paid conversion keeps it.
 */
export const completeAwardPayout = (
  award: Award,
  input: { readonly transferId: string; readonly now: Date },
): Result<AwardChange, DomainError> => {
  if (award.status !== 'processing') return err(invalidAwardTransition(award.status, 'payout_result'));
  if (!input.transferId) return err(validationError('transferId', 'is required'));
  const next: Award = {
    ...award,
    status: 'paid',
    paidAt: input.now,
    cardTransferId: award.payoutMethod === 'connect' ? input.transferId : null,
    failureReason: null,
    updatedAt: input.now,
  };
  return ok(moved(next, [{ type: 'bonus.paid', award: next }]));
};

/** The provider refused for good: processing → failed with the reason (no event: the spec has no `bonus.failed`). */
export const failAwardPayout = (award: Award, input: { readonly reason: string; readonly now: Date }): Result<AwardChange, DomainError> => {
  if (award.status !== 'processing') return err(invalidAwardTransition(award.status, 'payout_result'));
  return ok(moved({ ...award, status: 'failed', failureReason: input.reason, updatedAt: input.now }, []));
};

/**
 * The provider refused for now (a retryable failure, or insufficient funds): processing → approved,
 * queued again with the reason visible; the payout job tries it again later.
 */
export const requeueAwardPayout = (award: Award, input: { readonly reason: string; readonly now: Date }): Result<AwardChange, DomainError> => {
  if (award.status !== 'processing') return err(invalidAwardTransition(award.status, 'payout_result'));
  return ok(moved({ ...award, status: 'approved', failureReason: input.reason, updatedAt: input.now }, []));
};

/**
 * Due but not sent this time (the affiliate's total is below the minimum, or a live method has no
 * provider and waits for the manual path): stays approved, the reason visible. No event.
 */
export const holdAwardPayout = (award: Award, input: { readonly reason: string; readonly now: Date }): Result<AwardChange, DomainError> => {
  if (award.status !== 'approved') return err(invalidAwardTransition(award.status, 'start_payout'));
  if (award.failureReason === input.reason) return ok(still(award));
  return ok(moved({ ...award, failureReason: input.reason, updatedAt: input.now }, []));
};

// ---------------------------------------------------------------------------------------------------
// A period's awards as a whole

export interface PeriodAwardsChange {
  /** Existing awards that changed (revised, cancelled, moved to pending_approval): update them. */
  readonly updated: readonly Award[];
  /** New awards: insert them. */
  readonly created: readonly Award[];
  /** Every event of the step, for the outbox. */
  readonly events: readonly AwardEvent[];
}

/**
 * Brings a closed period's awards in line with its recomputed shares (also used at the close itself,
 * with no awards yet). `pending_window` awards take their member's new share (or are cancelled); when
 * `closeWindow`, they also move on to `pending_approval` (or are cancelled). A member with a share and
 * no award at all gets a new one (rounding can move a minor unit to them), so the open awards keep
 * adding up to the period's total. Awards already cancelled by the merchant stay cancelled, and a
 * period none of whose awards is still in its window gets no new ones.
 */
export const reconcilePeriodAwards = (
  awards: readonly Award[],
  outcome: { readonly hit: boolean; readonly shares: readonly AwardShare[] },
  context: NewAwardContext & { readonly closeWindow: boolean; readonly nextId: () => string },
): PeriodAwardsChange => {
  const shares = new Map(outcome.shares.map((s) => [s.affiliateId, s]));
  const updated: Award[] = [];
  const created: Award[] = [];
  const events: AwardEvent[] = [];
  const seen = new Set<string>();
  for (const award of awards) {
    seen.add(award.affiliateId);
    if (award.status !== 'pending_window') continue;
    const input = { share: shares.get(award.affiliateId) ?? null, hit: outcome.hit, now: context.now };
    const step = context.closeWindow ? closeAwardWindow(award, input) : reviseAward(award, input);
    if (step.isOk() && step.value.changed) {
      updated.push(step.value.award);
      events.push(...step.value.events);
    }
  }
  const periodStillOpen = awards.length === 0 || awards.some((a) => a.status === 'pending_window');
  if (outcome.hit && periodStillOpen) {
    for (const share of outcome.shares) {
      if (seen.has(share.affiliateId)) continue;
      const award = openAward(context.nextId(), share, context);
      if (!context.closeWindow) created.push(award);
      else {
        const next: Award = { ...award, status: 'pending_approval' };
        created.push(next);
        events.push({ type: 'bonus.awarded', award: next });
      }
    }
  }
  return { updated, created, events };
};
