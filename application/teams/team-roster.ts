import { err, ok, type Result } from 'neverthrow';
import {
  approveMembership,
  attachApprovedMembership,
  domainError,
  memberEligibility,
  parseOptionalRate,
  placementOutcome,
  rateProblems,
  removeMemberFromTeam,
  validationError,
  type CommissionType,
  type Decimal,
  type DomainError,
  type MemberSkipReason,
  type PlacementOutcome,
  type Team,
} from '../../domain/index.js';
import type { MembershipRepository } from '../ports/affiliate-repository.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { TeamStores } from './period-settlement.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';

/** Spec: members per add call, affiliates per override call. */
export const ROSTER_BATCH_MAX = 100;

export type MemberOutcome = 'added' | 'already_member' | 'skipped';

export interface MemberResult {
  readonly affiliateId: string;
  readonly outcome: MemberOutcome;
  readonly reason?: MemberSkipReason;
}

export interface MembersAdded {
  readonly added: number;
  readonly alreadyMembers: number;
  readonly skipped: number;
  readonly results: readonly MemberResult[];
}

export type PlacementTally = Record<PlacementOutcome, number>;

export interface CampaignAdded {
  readonly teamId: string;
  readonly campaignId: string;
  readonly created: boolean;
  readonly tally: PlacementTally;
}

export interface OverridesSet {
  readonly campaignId: string;
  readonly updated: number;
  readonly skipped: readonly string[];
}

export interface OverridesInput {
  readonly campaignId: string;
  readonly affiliateIds: readonly string[];
  readonly commissionType: CommissionType;
  readonly commissionValue: Decimal;
  readonly recurringValue: Decimal | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * The roster, the team's campaigns and the per-member overrides. Every call locks the team row, so
 * concurrent roster changes of one team run one after another.
 */
export class TeamRoster {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly campaigns: CampaignRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `POST /teams/:id/members`: each affiliate needs an approved live relationship with the brand; the
   * others are skipped with the reason. New members are placed on every campaign of the team.
   */
  addMembers(tenant: Tenant, teamId: string, affiliateIds: readonly string[]): Promise<Result<MembersAdded, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      const now = this.clock.now();
      const ids = unique(affiliateIds);
      const relations = await this.stores.teams.relationsOf(tenant, ids.filter((id) => UUID.test(id)));
      const campaigns = await this.stores.teams.campaigns(tenant, teamId);
      const results: MemberResult[] = [];
      const added: string[] = [];
      for (const affiliateId of ids) {
        if (!UUID.test(affiliateId)) {
          // Not an affiliate id at all: nothing to relate to.
          results.push({ affiliateId, outcome: 'skipped', reason: 'ineligible' });
          continue;
        }
        const eligibility = memberEligibility(relations.get(affiliateId) ?? null);
        if (!eligibility.eligible) {
          results.push({ affiliateId, outcome: 'skipped', reason: eligibility.reason });
          continue;
        }
        const outcome = await this.stores.teams.addMember(tenant, teamId, affiliateId, now);
        results.push({ affiliateId, outcome });
        if (outcome === 'added') added.push(affiliateId);
      }
      for (const campaign of campaigns) await this.place(tenant, team, campaign.campaignId, added, now);
      const count = (o: MemberOutcome) => results.filter((r) => r.outcome === o).length;
      return ok({ added: count('added'), alreadyMembers: count('already_member'), skipped: count('skipped'), results });
    });
  }

  /** `DELETE /teams/:id/members/:affiliateId`: unlinks the member's memberships, drops its overrides, clears the leader pointer. */
  removeMember(tenant: Tenant, teamId: string, affiliateId: string): Promise<Result<{ teamId: string; affiliateId: string }, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      if (!(await this.stores.teams.removeMember(tenant, teamId, affiliateId))) return err(notFound('Team member'));
      const next = removeMemberFromTeam(team, affiliateId, this.clock.now());
      if (next !== team) await this.stores.teams.update(tenant, next);
      return ok({ teamId, affiliateId });
    });
  }

  /**
   * `POST /teams/:id/campaigns`: assigns one of the merchant's campaigns (again: updates the team's rate
   * on it) and places every member on it, auto-approved; the tally says how each membership fared.
   */
  addCampaign(
    tenant: Tenant,
    teamId: string,
    input: { campaignId: string; commissionType?: CommissionType | undefined; commissionValue?: Decimal | undefined },
  ): Promise<Result<CampaignAdded, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      const rate = parseOptionalRate({ type: input.commissionType, value: input.commissionValue }, 'baseCommission');
      if (rate.problems.length > 0) {
        return err(domainError('validation_error', rate.problems.map((p) => `${p.field} ${p.message}`).join('; '), rate.problems));
      }
      const now = this.clock.now();
      const saved = await this.stores.teams.saveCampaign(tenant, teamId, { campaignId: campaign.id, rate: rate.rate }, now);
      const members = (await this.stores.teams.members(tenant, teamId)).map((m) => m.affiliateId);
      const tally = await this.place(tenant, team, campaign.id, members, now);
      return ok({ teamId, campaignId: campaign.id, created: saved === 'created', tally });
    });
  }

  /** `DELETE /teams/:id/campaigns/:campaignId`: every member's linkage and override on the campaign is cleared. */
  removeCampaign(tenant: Tenant, teamId: string, campaignId: string): Promise<Result<{ teamId: string; campaignId: string }, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      if (!(await this.stores.teams.removeCampaign(tenant, teamId, campaignId))) return err(notFound('Team campaign'));
      return ok({ teamId, campaignId });
    });
  }

  /**
   * `POST /teams/:id/overrides`: a rate per (campaign, affiliate) that bypasses everything else. Only
   * members whose membership on the campaign is linked to this team get one; the others are skipped.
   */
  setOverrides(tenant: Tenant, teamId: string, input: OverridesInput): Promise<Result<OverridesSet, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team) return err(notFound('Team'));
      // The recurring rate is of the same type as the override's own, so it has the same bounds.
      const problems = [
        ...rateProblems(input.commissionType, input.commissionValue, 'commissionValue'),
        ...(input.recurringValue ? rateProblems(input.commissionType, input.recurringValue, 'recurringValue') : []),
      ];
      if (problems.length > 0) return err(domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems));
      const campaign = await this.campaigns.findById(tenant, input.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      const assigned = (await this.stores.teams.campaigns(tenant, teamId)).some((c) => c.campaignId === campaign.id);
      if (!assigned) return err(validationError('campaignId', 'is not one of the team’s campaigns'));
      const ids = unique(input.affiliateIds);
      const members = new Set((await this.stores.teams.members(tenant, teamId)).map((m) => m.affiliateId));
      const linked = new Set(
        (await this.stores.teams.membershipLinksForUpdate(tenant, campaign.id, ids.filter((id) => members.has(id))))
          .filter((link) => link.teamId === teamId)
          .map((link) => link.affiliateId),
      );
      const now = this.clock.now();
      const skipped: string[] = [];
      let updated = 0;
      for (const affiliateId of ids) {
        if (!linked.has(affiliateId)) {
          skipped.push(affiliateId);
          continue;
        }
        const rate = { type: input.commissionType, value: input.commissionValue };
        await this.stores.teams.saveOverride(tenant, teamId, { campaignId: campaign.id, affiliateId, rate, recurringValue: input.recurringValue }, now);
        updated += 1;
      }
      return ok({ campaignId: campaign.id, updated, skipped });
    });
  }

  /** Places members on one team campaign: each membership is created, linked, or left as it is (see `placementOutcome`). */
  private async place(tenant: Tenant, team: Team, campaignId: string, affiliateIds: readonly string[], now: Date): Promise<PlacementTally> {
    const tally: PlacementTally = { created: 0, linked: 0, already: 0, rejected: 0, conflict: 0 };
    if (affiliateIds.length === 0) return tally;
    const links = new Map((await this.stores.teams.membershipLinksForUpdate(tenant, campaignId, affiliateIds)).map((l) => [l.affiliateId, l]));
    for (const affiliateId of affiliateIds) {
      const existing = links.get(affiliateId) ?? null;
      const outcome = placementOutcome(team.id, existing);
      tally[outcome] += 1;
      if (outcome === 'created') {
        const membership = attachApprovedMembership({ id: this.stores.ids.next(), merchantId: tenant.merchantId, mode: tenant.mode, affiliateId, campaignId, now });
        await this.memberships.insert(tenant, membership);
      } else if (outcome === 'linked' && existing?.status === 'pending') {
        const current = await this.memberships.findForUpdate(tenant, affiliateId, campaignId);
        const approved = current ? approveMembership(current, now) : null;
        if (approved?.isOk()) {
          await this.memberships.update(tenant, approved.value.membership);
          await this.stores.outbox.record(outboxRowsOf(tenant, approved.value.events, now));
        }
      }
      if (outcome === 'created' || outcome === 'linked') await this.stores.teams.linkMembership(tenant, campaignId, affiliateId, team.id);
    }
    return tally;
  }
}
