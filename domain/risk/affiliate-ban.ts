import { err, ok, type Result } from 'neverthrow';
import { moveMembership, type Membership, type MembershipChange } from '../affiliate/membership.js';
import type { Conversion, ConversionStatus } from '../conversion/conversion.js';
import { changeConversionStatus, holdConversion, type ConversionChange } from '../conversion/conversion.ops.js';
import { releaseConversion } from '../conversion/conversion-corrections.js';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';

export const BAN_REASON_MAX = 500;

/** The sales a ban moves: pending and held ones are rejected, approved ones held. */
export const SALES_A_BAN_MOVES: readonly ConversionStatus[] = ['pending', 'held', 'approved'];

/** An affiliate banned at a merchant, with the merchant's reason. */
export interface AffiliateBan {
  readonly affiliateId: string;
  readonly reason: string;
  readonly bannedAt: Date;
}

/** What a ban does to the affiliate's memberships and sales, every step through its own machine. */
export interface BanPlan {
  readonly ban: AffiliateBan;
  readonly memberships: readonly MembershipChange[];
  /** Pending and held sales, rejected. */
  readonly rejected: readonly ConversionChange[];
  /** Approved, unpaid sales, held: their queued payouts are cancelled, the merchant decides each. */
  readonly held: readonly ConversionChange[];
}

export interface BanInput {
  readonly affiliateId: string;
  readonly reason: string;
  /** The affiliate's current ban at the merchant, if any. */
  readonly current: AffiliateBan | null;
  readonly memberships: readonly Membership[];
  readonly conversions: readonly Conversion[];
  readonly now: Date;
}

/** The reason, trimmed: required, at most 500 characters. */
export const checkBanReason = (reason: string): Result<string, DomainError> => {
  const trimmed = reason.trim();
  if (trimmed.length === 0) return err(validationError('reason', 'is required'));
  if (trimmed.length > BAN_REASON_MAX) return err(validationError('reason', `must be at most ${BAN_REASON_MAX} characters`));
  return ok(trimmed);
};

/**
 * A held sale is rejected by releasing it and rejecting what it returns to, in one change: the
 * machine has no held → rejected move. The release's 5x check is skipped (confirmed): the sale is
 * rejected at once and never approved.
 */
const rejectSale = (conversion: Conversion, now: Date): Result<ConversionChange, DomainError> => {
  if (conversion.status !== 'held') return changeConversionStatus(conversion, { to: 'rejected', now });
  return releaseConversion(conversion, { confirmAboveSale: true, now }).andThen((released) =>
    changeConversionStatus(released.conversion, { to: 'rejected', now }).map((rejected) => ({
      ...rejected,
      events: [...released.events, ...rejected.events],
      cancelsQueuedPayout: false,
    })),
  );
};

/**
 * Bans an affiliate at one merchant: approved memberships are suspended and pending ones rejected
 * (rejected and suspended ones stay); pending and held sales are rejected; approved, unpaid sales
 * are held (cancelling their queued payouts); paid and refunded sales are history and stay.
 * Banning a banned affiliate is `invalid_transition`.
 */
export const planBan = (input: BanInput): Result<BanPlan, DomainError> => {
  if (input.current) return err(domainError('invalid_transition', 'The affiliate is already banned'));
  const reason = checkBanReason(input.reason);
  if (reason.isErr()) return err(reason.error);
  const memberships: MembershipChange[] = [];
  for (const m of input.memberships) {
    const to = m.status === 'approved' ? 'suspended' : m.status === 'pending' ? 'rejected' : null;
    if (to === null) continue;
    const moved = moveMembership(m, to, input.now);
    if (moved.isErr()) return err(moved.error);
    memberships.push(moved.value);
  }
  const rejected: ConversionChange[] = [];
  const held: ConversionChange[] = [];
  for (const c of input.conversions) {
    if (c.status === 'pending' || c.status === 'held') {
      const change = rejectSale(c, input.now);
      if (change.isErr()) return err(change.error);
      rejected.push(change.value);
    } else if (c.status === 'approved') {
      const change = holdConversion(c, input.now);
      if (change.isErr()) return err(change.error);
      held.push(change.value);
    }
  }
  return ok({ ban: { affiliateId: input.affiliateId, reason: reason.value, bannedAt: input.now }, memberships, rejected, held });
};

/** Lifting a ban: only a banned affiliate can be unbanned. Memberships stay as the ban left them. */
export const liftBan = (current: AffiliateBan | null): Result<AffiliateBan, DomainError> =>
  current ? ok(current) : err(domainError('invalid_transition', 'The affiliate is not banned'));

/** Approving a membership of a banned affiliate is refused: lift the ban first. */
export const checkNotBanned = (current: AffiliateBan | null): Result<void, DomainError> =>
  current ? err(domainError('invalid_transition', 'The affiliate is banned at this merchant; unban them first')) : ok(undefined);
