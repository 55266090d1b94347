import type { Affiliate, Membership, Mode, MembershipStatus, PayoutMethod } from '../../domain/index.js';

/** An affiliate as the stores that join `affiliates` read it. */
export interface AffiliateProfile {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** No login account (created through the API). */
  readonly headless: boolean;
  readonly payoutMethod: PayoutMethod | null;
}

export interface CampaignRecord {
  readonly id: string;
  readonly merchantId: string;
  /** `autoApproveCommissionsAfterDays`; null: no automatic approval. */
  readonly autoApproveDays: number | null;
}

export interface MembershipRecord {
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly status: MembershipStatus;
  readonly teamId: string | null;
  /** The rest of the row, for the stores that return the whole membership (the sale look-up); absent when a test seeds only the link. */
  readonly row?: Pick<Membership, 'id' | 'joinedAt' | 'decidedAt' | 'updatedAt'>;
}

/** Whether an affiliate was seeded as its whole row (the sale look-up returns it) rather than as the profile the joins read. */
const isWhole = (affiliate: AffiliateProfile): affiliate is Affiliate => 'merchantId' in affiliate && 'refCode' in affiliate;

/** One membership per campaign and affiliate, whatever the mode (a unique key of `affiliate_memberships`). */
const membershipKey = (campaignId: string, affiliateId: string) => `${campaignId}:${affiliateId}`;

/**
 * The rows other tables hold that the faked stores read through joins (affiliates' names and payout
 * profiles, campaigns' auto-approval, memberships): tests seed them here, as the API would have
 * written them before.
 */
export class InMemoryPrograms {
  private readonly affiliateRows = new Map<string, AffiliateProfile>();
  private readonly campaignRows = new Map<string, CampaignRecord>();
  private readonly membershipRows = new Map<string, MembershipRecord>();

  /** A profile is enough for the joins; a whole `Affiliate` is what the sale look-up gives back. */
  addAffiliate<T extends AffiliateProfile>(profile: T): T {
    this.affiliateRows.set(profile.id, profile);
    return profile;
  }

  affiliate(id: string): AffiliateProfile | undefined {
    return this.affiliateRows.get(id);
  }

  /** The affiliate's whole row, when it was seeded whole. */
  wholeAffiliate(id: string): Affiliate | undefined {
    const found = this.affiliateRows.get(id);
    return found && isWhole(found) ? found : undefined;
  }

  addCampaign(campaign: CampaignRecord): CampaignRecord {
    this.campaignRows.set(campaign.id, campaign);
    return campaign;
  }

  campaign(id: string): CampaignRecord | undefined {
    return this.campaignRows.get(id);
  }

  /** Sets the link (status, team); the team and the rest of the row stay unless given. */
  setMembership(membership: Omit<MembershipRecord, 'teamId'> & { teamId?: string | null }): void {
    const key = membershipKey(membership.campaignId, membership.affiliateId);
    const before = this.membershipRows.get(key);
    this.membershipRows.set(key, { teamId: before?.teamId ?? null, ...(before?.row ? { row: before.row } : {}), ...membership });
  }

  /** A whole membership, as joining the program writes it. */
  addMembership(membership: Membership): void {
    const { id, joinedAt, decidedAt, updatedAt, ...link } = membership;
    this.setMembership({ ...link, row: { id, joinedAt, decidedAt, updatedAt } });
  }

  membership(campaignId: string, affiliateId: string): MembershipRecord | undefined {
    return this.membershipRows.get(membershipKey(campaignId, affiliateId));
  }

  memberships(): MembershipRecord[] {
    return [...this.membershipRows.values()];
  }

  /** The membership as the domain sees it, when it was seeded with its whole row. */
  wholeMembership(campaignId: string, affiliateId: string): Membership | undefined {
    const found = this.membership(campaignId, affiliateId);
    if (!found?.row) return undefined;
    const { teamId: _teamId, row, ...link } = found;
    return { ...row, ...link };
  }
}
