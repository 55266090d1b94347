import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

export const MEMBERSHIP_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/**
 * A pending or approved membership holds the affiliate's place in the program: affiliate lists show
 * these unless asked for a status, and the plan's affiliate limit counts them. Rejected and suspended
 * ones free the place.
 */
export const ACTIVE_MEMBERSHIP_STATUSES: readonly MembershipStatus[] = ['pending', 'approved'];
export const holdsPlace = (status: MembershipStatus): boolean => ACTIVE_MEMBERSHIP_STATUSES.includes(status);

/** An affiliate's relationship with one campaign. The affiliate's status is per campaign. */
export interface Membership {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly status: MembershipStatus;
  readonly joinedAt: Date;
  /** When the merchant (or auto-approval at join) decided; null while pending. */
  readonly decidedAt: Date | null;
  readonly updatedAt: Date;
}

export type MembershipEventType = 'affiliate.joined' | 'affiliate.approved' | 'affiliate.rejected' | 'affiliate.suspended';

/** The spec leaves `affiliate.*` payloads open; this one names the pair, the new and the old status. */
export interface MembershipEventPayload {
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly status: MembershipStatus;
  /** null on join. */
  readonly previousStatus: MembershipStatus | null;
  readonly joinedAt: string;
}

export interface MembershipEvent {
  readonly type: MembershipEventType;
  readonly payload: MembershipEventPayload;
}

export interface MembershipChange {
  readonly membership: Membership;
  readonly events: readonly MembershipEvent[];
}

const membershipEvent = (
  type: MembershipEventType,
  membership: Membership,
  previousStatus: MembershipStatus | null,
): MembershipEvent => ({
  type,
  payload: {
    affiliateId: membership.affiliateId,
    campaignId: membership.campaignId,
    status: membership.status,
    previousStatus,
    joinedAt: membership.joinedAt.toISOString(),
  },
});

export interface JoinInput {
  readonly id: string;
  readonly merchantId: string;
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly mode: Mode;
  /** The campaign's `autoApproveAffiliates`. */
  readonly autoApprove: boolean;
  readonly now: Date;
}

/** An affiliate joins by themself: `approved` when the campaign auto-approves, else `pending`. */
export const joinCampaign = (input: JoinInput): MembershipChange => {
  const membership: Membership = {
    id: input.id,
    merchantId: input.merchantId,
    mode: input.mode,
    affiliateId: input.affiliateId,
    campaignId: input.campaignId,
    status: input.autoApprove ? 'approved' : 'pending',
    joinedAt: input.now,
    decidedAt: input.autoApprove ? input.now : null,
    updatedAt: input.now,
  };
  return { membership, events: [membershipEvent('affiliate.joined', membership, null)] };
};

/**
 * The merchant attaches an affiliate (API create, team placement): `approved` at once. No event:
 * the affiliate did not join by themself, and the spec names no event for it.
 */
export const attachApprovedMembership = (input: Omit<JoinInput, 'autoApprove'>): Membership => ({
  id: input.id,
  merchantId: input.merchantId,
  mode: input.mode,
  affiliateId: input.affiliateId,
  campaignId: input.campaignId,
  status: 'approved',
  joinedAt: input.now,
  decidedAt: input.now,
  updatedAt: input.now,
});

/**
 * The merchant's moves (`PATCH /affiliates/:id`), each with its event: a pending affiliate is decided;
 * an approved one can be suspended (it earns nothing new, keeps what it earned); a suspended one
 * reinstated; a rejected one approved after all. Anything else, a repeat included, is refused.
 */
const MOVES: Readonly<Record<MembershipStatus, Partial<Record<MembershipStatus, MembershipEventType>>>> = {
  pending: { approved: 'affiliate.approved', rejected: 'affiliate.rejected' },
  approved: { suspended: 'affiliate.suspended' },
  suspended: { approved: 'affiliate.approved' },
  rejected: { approved: 'affiliate.approved' },
};

/** The statuses `to` can be reached from (for messages and documentation). */
export const membershipMovesTo = (to: MembershipStatus): MembershipStatus[] =>
  MEMBERSHIP_STATUSES.filter((from) => MOVES[from][to] !== undefined);

/** Moves a membership through the machine above; `invalid_transition` for a move it lacks. */
export const moveMembership = (
  membership: Membership,
  to: MembershipStatus,
  now: Date,
): Result<MembershipChange, DomainError> => {
  const type = MOVES[membership.status][to];
  if (!type) {
    const from = membershipMovesTo(to);
    return err(
      domainError(
        'invalid_transition',
        `An affiliate that is ${membership.status} on this campaign cannot become ${to}` +
          (from.length > 0 ? ` (only from ${from.join(' or ')})` : ''),
      ),
    );
  }
  const next: Membership = { ...membership, status: to, decidedAt: now, updatedAt: now };
  return ok({ membership: next, events: [membershipEvent(type, next, membership.status)] });
};

/** pending, suspended or rejected → approved, emits `affiliate.approved`. */
export const approveMembership = (membership: Membership, now: Date): Result<MembershipChange, DomainError> =>
  moveMembership(membership, 'approved', now);

/** pending → rejected, emits `affiliate.rejected`. */
export const rejectMembership = (membership: Membership, now: Date): Result<MembershipChange, DomainError> =>
  moveMembership(membership, 'rejected', now);

/** approved → suspended, emits `affiliate.suspended`. */
export const suspendMembership = (membership: Membership, now: Date): Result<MembershipChange, DomainError> =>
  moveMembership(membership, 'suspended', now);

/**
 * Whether the affiliate earns a new sale on the campaign: only an approved membership does (a
 * pending, rejected or suspended one, or none, answers `affiliate_not_approved`).
 */
export const checkMembershipEarns = (membership: Pick<Membership, 'status'> | null): Result<void, DomainError<'affiliate_not_approved'>> =>
  membership?.status === 'approved'
    ? ok(undefined)
    : err(domainError('affiliate_not_approved', `The affiliate is ${membership?.status ?? 'not a member'} for this campaign`));
