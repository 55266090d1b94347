import { err, ok, type Result } from 'neverthrow';
import type { CommissionRate, CommissionType } from '../conversion/commission.js';
import { DEFAULT_CURRENCY, parseCurrency, type CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import { parseOptionalRate } from './team-rate.js';

export const TEAM_NAME_MIN = 1;
export const TEAM_NAME_MAX = 120;

/**
 * An affiliate team of one merchant (Scale plan; live data only: teams have no test mode). Its
 * currency is the currency of every goal target and award; its base rate applies to every member on
 * every campaign assigned to the team, below per-campaign team rates and per-member overrides.
 */
export interface Team {
  readonly id: string;
  readonly merchantId: string;
  readonly name: string;
  readonly currency: CurrencyCode;
  /** A current member with a login account (not headless), or null. */
  readonly leaderAffiliateId: string | null;
  readonly baseRate: CommissionRate | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const invalid = (problems: readonly FieldProblem[]): DomainError =>
  domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems);

const nameProblems = (name: string): FieldProblem[] => {
  const trimmed = name.trim();
  if (trimmed.length < TEAM_NAME_MIN) return [{ field: 'name', message: `must be at least ${TEAM_NAME_MIN} character` }];
  if (trimmed.length > TEAM_NAME_MAX) return [{ field: 'name', message: `must be at most ${TEAM_NAME_MAX} characters` }];
  return [];
};

export interface NewTeam {
  readonly name: string;
  readonly currency?: string | undefined;
  readonly baseCommissionType?: CommissionType | null | undefined;
  readonly baseCommissionValue?: Decimal | null | undefined;
}

export interface NewTeamContext {
  readonly id: string;
  readonly merchantId: string;
  readonly now: Date;
}

/** A new team: name 1 to 120 characters, currency default `usd`, an optional base rate (type and value together). */
export const createTeam = (input: NewTeam, context: NewTeamContext): Result<Team, DomainError> => {
  const problems = nameProblems(input.name);
  const currency = parseCurrency(input.currency ?? DEFAULT_CURRENCY);
  if (currency.isErr()) problems.push(...(currency.error.details ?? []));
  const base = parseOptionalRate({ type: input.baseCommissionType, value: input.baseCommissionValue }, 'baseCommission');
  problems.push(...base.problems);
  if (problems.length > 0 || currency.isErr()) return err(invalid(problems));
  return ok({
    id: context.id,
    merchantId: context.merchantId,
    name: input.name.trim(),
    currency: currency.value,
    leaderAffiliateId: null,
    baseRate: base.rate,
    createdAt: context.now,
    updatedAt: context.now,
  });
};

/** What the caller knows about a proposed leader: whether it is on the roster and whether it has a login account. */
export interface LeaderCandidate {
  readonly affiliateId: string;
  readonly isMember: boolean;
  readonly headless: boolean;
}

export interface TeamChanges {
  readonly name?: string | undefined;
  readonly currency?: string | undefined;
  readonly baseCommissionType?: CommissionType | undefined;
  /** null clears the base rate. */
  readonly baseCommissionValue?: Decimal | null | undefined;
  /** null clears the leader; a string must name a current non-headless member (see `leader`). */
  readonly leaderAffiliateId?: string | null | undefined;
}

export interface TeamChangeContext {
  /** Goals the team has, in any status: once there is one, the currency is locked. */
  readonly goalCount: number;
  /** Required when `changes.leaderAffiliateId` is a string. */
  readonly leader?: LeaderCandidate | undefined;
  readonly now: Date;
}

export const currencyLocked = (): DomainError<'currency_locked'> =>
  domainError('currency_locked', "The team's currency cannot change once the team has a goal (targets and awards are in it)");

/**
 * `PATCH /teams/:id`. Every field is optional. The base rate is re-checked as a whole after the change
 * (changing only the type re-validates the stored value against the new type's ceiling); a null value
 * clears it. Changing the currency once any goal exists is `409 currency_locked` (same currency is no change).
 */
export const updateTeam = (team: Team, changes: TeamChanges, context: TeamChangeContext): Result<Team, DomainError> => {
  const problems: FieldProblem[] = [];
  let name = team.name;
  if (changes.name !== undefined) {
    problems.push(...nameProblems(changes.name));
    name = changes.name.trim();
  }
  let currency = team.currency;
  if (changes.currency !== undefined) {
    const parsed = parseCurrency(changes.currency);
    if (parsed.isErr()) problems.push(...(parsed.error.details ?? []));
    else currency = parsed.value;
  }
  let baseRate = team.baseRate;
  if (changes.baseCommissionValue === null) {
    baseRate = null;
  } else if (changes.baseCommissionType !== undefined || changes.baseCommissionValue !== undefined) {
    const base = parseOptionalRate(
      { type: changes.baseCommissionType ?? team.baseRate?.type, value: changes.baseCommissionValue ?? team.baseRate?.value },
      'baseCommission',
    );
    problems.push(...base.problems);
    baseRate = base.rate;
  }
  let leaderAffiliateId = team.leaderAffiliateId;
  if (changes.leaderAffiliateId === null) leaderAffiliateId = null;
  else if (changes.leaderAffiliateId !== undefined) {
    const candidate = context.leader;
    if (!candidate || candidate.affiliateId !== changes.leaderAffiliateId || !candidate.isMember) {
      problems.push({ field: 'leaderAffiliateId', message: 'must be a current member of the team' });
    } else if (candidate.headless) {
      problems.push({ field: 'leaderAffiliateId', message: 'must be a member with a login account (not headless)' });
    } else leaderAffiliateId = candidate.affiliateId;
  }
  if (problems.length > 0) return err(invalid(problems));
  if (currency !== team.currency && context.goalCount > 0) return err(currencyLocked());
  return ok({ ...team, name, currency, baseRate, leaderAffiliateId, updatedAt: context.now });
};

/** A member leaves: the leader pointer is cleared when they led. */
export const removeMemberFromTeam = (team: Team, affiliateId: string, now: Date): Team =>
  team.leaderAffiliateId === affiliateId ? { ...team, leaderAffiliateId: null, updatedAt: now } : team;

export const teamHasAwards = (): DomainError<'team_has_awards'> =>
  domainError('team_has_awards', 'The team has award history and cannot be deleted');

/** `409 team_has_awards` when any award (any status) exists. */
export const checkTeamDeletable = (awardCount: number): Result<void, DomainError> =>
  awardCount > 0 ? err(teamHasAwards()) : ok(undefined);

/** Why an affiliate could not join a team (`results[].reason` of `POST /teams/:id/members`). */
export const MEMBER_SKIP_REASONS = ['no_relationship', 'pending', 'suspended', 'test_affiliate', 'ineligible'] as const;
export type MemberSkipReason = (typeof MEMBER_SKIP_REASONS)[number];

/** The affiliate's relationship with the merchant, as the roster rule needs it. */
export interface MerchantRelation {
  /** Live membership statuses on the merchant's campaigns. */
  readonly liveStatuses: readonly ('pending' | 'approved' | 'rejected' | 'suspended')[];
  /** The id names a test affiliate of the merchant (teams have no test mode). */
  readonly isTestAffiliate: boolean;
}

/**
 * Whether an affiliate may join a team: an approved live relationship with the brand (any campaign).
 * Otherwise the reason: a suspended membership, or only rejected ones (`suspended`), only pending ones, a test affiliate,
 * none at all (`no_relationship`).
 */
export const memberEligibility = (relation: MerchantRelation | null): { eligible: true } | { eligible: false; reason: MemberSkipReason } => {
  if (relation === null) return { eligible: false, reason: 'no_relationship' };
  // A suspension anywhere with the brand keeps the affiliate off its teams until reinstated.
  if (relation.liveStatuses.includes('suspended')) return { eligible: false, reason: 'suspended' };
  if (relation.liveStatuses.includes('approved')) return { eligible: true };
  if (relation.liveStatuses.includes('pending')) return { eligible: false, reason: 'pending' };
  if (relation.liveStatuses.includes('rejected')) return { eligible: false, reason: 'suspended' };
  if (relation.isTestAffiliate) return { eligible: false, reason: 'test_affiliate' };
  return { eligible: false, reason: 'no_relationship' };
};

/** How a member's campaign membership fares when the team places it on a team campaign (the tally of `POST /teams/:id/campaigns`). */
export type PlacementOutcome = 'created' | 'linked' | 'already' | 'rejected' | 'conflict';

export interface ExistingPlacement {
  readonly status: 'pending' | 'approved' | 'rejected' | 'suspended';
  /** The team the membership is linked to, if any. */
  readonly teamId: string | null;
}

/**
 * Placement of one member on one campaign of `teamId`: no membership yet → `created` (approved and
 * linked); approved or pending and unlinked → `linked` (pending ones are auto-approved); already linked
 * here → `already`; rejected by the merchant → `rejected` (left alone); linked to another team →
 * `conflict` (a (campaign, affiliate) pair earns one team's rates).
 */
export const placementOutcome = (teamId: string, existing: ExistingPlacement | null): PlacementOutcome => {
  if (existing === null) return 'created';
  if (existing.teamId === teamId) return 'already';
  if (existing.teamId !== null) return 'conflict';
  if (existing.status === 'rejected' || existing.status === 'suspended') return 'rejected';
  return 'linked';
};
