import type { Mode, MembershipStatus, PayoutMethod } from '../../domain/index.js';

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
}

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

  addAffiliate(profile: AffiliateProfile): AffiliateProfile {
    this.affiliateRows.set(profile.id, profile);
    return profile;
  }

  affiliate(id: string): AffiliateProfile | undefined {
    return this.affiliateRows.get(id);
  }

  addCampaign(campaign: CampaignRecord): CampaignRecord {
    this.campaignRows.set(campaign.id, campaign);
    return campaign;
  }

  campaign(id: string): CampaignRecord | undefined {
    return this.campaignRows.get(id);
  }

  setMembership(membership: Omit<MembershipRecord, 'teamId'> & { teamId?: string | null }): void {
    const key = membershipKey(membership.campaignId, membership.affiliateId);
    this.membershipRows.set(key, { teamId: this.membershipRows.get(key)?.teamId ?? null, ...membership });
  }

  membership(campaignId: string, affiliateId: string): MembershipRecord | undefined {
    return this.membershipRows.get(membershipKey(campaignId, affiliateId));
  }

  memberships(): MembershipRecord[] {
    return [...this.membershipRows.values()];
  }
}
