import type { CommissionRate, Decimal, MembershipStatus, MerchantRelation, PayoutMethod, Team } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** A member as team responses and rules need them. */
export interface TeamMember {
  readonly affiliateId: string;
  readonly name: string;
  readonly email: string;
  /** No login account (created through the API): cannot lead, paid by `mark_paid`. */
  readonly headless: boolean;
  readonly payoutMethod: PayoutMethod | null;
  readonly joinedAt: Date;
}

/** A campaign assigned to the team and the team's rate on it (null: the team base rate applies). */
export interface TeamCampaignLink {
  readonly campaignId: string;
  readonly rate: CommissionRate | null;
}

/** A member's campaign membership and the team it is linked to. */
export interface MembershipLink {
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly status: MembershipStatus;
  readonly teamId: string | null;
}

export interface TeamOverride {
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly rate: CommissionRate;
  readonly recurringValue: Decimal | null;
}

/**
 * Teams, their rosters, campaigns and rates, per tenant. Every method joins the caller's transaction.
 * Teams exist only in live mode (writes need a live key), so a test tenant finds none.
 */
export interface TeamRepository {
  insert(tenant: Tenant, team: Team): Promise<void>;
  update(tenant: Tenant, team: Team): Promise<void>;
  findById(tenant: Tenant, id: string): Promise<Team | null>;
  /** Locks the team row to the end of the transaction: roster, campaign and goal changes of one team run one after another. */
  findByIdForUpdate(tenant: Tenant, id: string): Promise<Team | null>;
  /** Removes the team with its roster, campaigns, overrides, goals and periods, unlinking every membership first (no awards may exist). */
  delete(tenant: Tenant, id: string): Promise<void>;

  members(tenant: Tenant, teamId: string): Promise<readonly TeamMember[]>;
  /** `already_member` when the affiliate is on the roster. */
  addMember(tenant: Tenant, teamId: string, affiliateId: string, now: Date): Promise<'added' | 'already_member'>;
  /** The teams whose roster has the affiliate, oldest first. */
  teamsOfMember(tenant: Tenant, affiliateId: string): Promise<readonly string[]>;
  /** Removes the affiliate from the roster, unlinks its memberships from the team and drops its overrides; false when it was not a member. */
  removeMember(tenant: Tenant, teamId: string, affiliateId: string): Promise<boolean>;

  campaigns(tenant: Tenant, teamId: string): Promise<readonly TeamCampaignLink[]>;
  /** Assigns the campaign (or updates the team's rate on it): `created` the first time. */
  saveCampaign(tenant: Tenant, teamId: string, link: TeamCampaignLink, now: Date): Promise<'created' | 'updated'>;
  /** Unassigns the campaign: every membership on it linked to the team is unlinked and the team's overrides on it dropped; false when it was not assigned. */
  removeCampaign(tenant: Tenant, teamId: string, campaignId: string): Promise<boolean>;

  /** The memberships of `affiliateIds` on `campaignId`, locked for the transaction. */
  membershipLinksForUpdate(tenant: Tenant, campaignId: string, affiliateIds: readonly string[]): Promise<readonly MembershipLink[]>;
  /** Links the (campaign, affiliate) membership to the team. */
  linkMembership(tenant: Tenant, campaignId: string, affiliateId: string, teamId: string): Promise<void>;

  overrides(tenant: Tenant, teamId: string): Promise<readonly TeamOverride[]>;
  saveOverride(tenant: Tenant, teamId: string, override: TeamOverride, now: Date): Promise<void>;

  /**
   * How each affiliate relates to the tenant's merchant: its live membership statuses, and whether the
   * id is one of the merchant's test affiliates. Absent ids have no relationship at all.
   */
  relationsOf(tenant: Tenant, affiliateIds: readonly string[]): Promise<ReadonlyMap<string, MerchantRelation>>;

  /** Teams' chat thread records: opened with a team, archived (read-only) when it is deleted. */
  openChatThread(tenant: Tenant, thread: { id: string; teamId: string; teamName: string; now: Date }): Promise<void>;
  archiveChatThread(tenant: Tenant, teamId: string, now: Date): Promise<void>;
}
