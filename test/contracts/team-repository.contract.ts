import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type Team } from '../../domain/index.js';
import { inTransaction, type AffiliateRefs, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';
import { teamFixtures } from './team-fixtures.js';

const at = (iso: string) => new Date(iso);

/**
 * What `TeamRepository` promises for what goal settlement and the team use cases read: a team comes
 * back as saved and only to its tenant; rosters in joining order with the members' names and payout
 * profiles; campaigns with their rates; removing a member or campaign unlinks the memberships and
 * drops the overrides; deleting a team takes its goals along.
 */
export const teamRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('TeamRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;
    let fixtures: ReturnType<typeof teamFixtures>;

    beforeAll(async () => {
      world = worldOf();
      fixtures = teamFixtures(world);
      program = await world.program();
      other = await world.program();
    });

    const read = <T>(work: () => Promise<T>) => world.run(work);
    const locked = <T>(work: () => Promise<T>) => inTransaction(world, work);

    it('gives a team back as saved, changed, and only to its tenant', async () => {
      const team = await fixtures.team(program.live, { baseRate: { type: 'percentage', value: new Decimal('12.5') } });
      expect(plain(await read(() => world.teams.findById(program.live, team.id)))).toEqual(plain(team));
      const renamed: Team = { ...team, name: 'Renamed', leaderAffiliateId: program.liveAffiliateId, baseRate: null, updatedAt: at('2026-11-05T00:00:00.000Z') };
      await locked(() => world.teams.update(program.live, renamed));
      await locked(() => world.teams.update(other.live, { ...renamed, name: 'Hijacked' }));
      expect(plain(await locked(() => world.teams.findByIdForUpdate(program.live, team.id)))).toEqual(plain(renamed));
      for (const tenant of [program.test, other.live]) {
        expect(await read(() => world.teams.findById(tenant, team.id))).toBeNull();
        expect(await read(() => world.teams.members(tenant, team.id))).toEqual([]);
        expect(await read(() => world.teams.campaigns(tenant, team.id))).toEqual([]);
      }
    });

    it('keeps a roster in joining order with names and payout profiles, each member once', async () => {
      const team = await fixtures.team(program.live);
      const first = await world.affiliate(program, { headless: false, payoutMethod: 'wallet_a' });
      const second = await world.affiliate(program);
      expect(await locked(() => world.teams.addMember(program.live, team.id, second.id, at('2026-11-03T00:00:00.000Z')))).toBe('added');
      expect(await locked(() => world.teams.addMember(program.live, team.id, first.id, at('2026-11-02T00:00:00.000Z')))).toBe('added');
      expect(await locked(() => world.teams.addMember(program.live, team.id, first.id, at('2026-11-04T00:00:00.000Z')))).toBe('already_member');
      expect(plain(await read(() => world.teams.members(program.live, team.id)))).toEqual(
        plain([
          { affiliateId: first.id, name: first.name, email: first.email, headless: false, payoutMethod: 'wallet_a', joinedAt: at('2026-11-02T00:00:00.000Z') },
          { affiliateId: second.id, name: second.name, email: second.email, headless: true, payoutMethod: null, joinedAt: at('2026-11-03T00:00:00.000Z') },
        ]),
      );
      const later = await fixtures.team(program.live);
      await locked(() => world.teams.addMember(program.live, later.id, first.id, at('2026-11-05T00:00:00.000Z')));
      expect(await read(() => world.teams.teamsOfMember(program.live, first.id))).toEqual([team.id, later.id]);
      expect(await read(() => world.teams.teamsOfMember(program.test, first.id))).toEqual([]);
    });

    it('assigns campaigns with their rates; a link saved without a rate keeps the one it had', async () => {
      const team = await fixtures.team(program.live);
      const second = await world.campaign(program);
      const rate = { type: 'fixed' as const, value: new Decimal('3.5') };
      expect(await locked(() => world.teams.saveCampaign(program.live, team.id, { campaignId: program.campaignId, rate }, at('2026-11-02T00:00:00.000Z')))).toBe('created');
      expect(await locked(() => world.teams.saveCampaign(program.live, team.id, { campaignId: second, rate: null }, at('2026-11-03T00:00:00.000Z')))).toBe('created');
      expect(await locked(() => world.teams.saveCampaign(program.live, team.id, { campaignId: program.campaignId, rate: null }, at('2026-11-04T00:00:00.000Z')))).toBe('updated');
      expect(plain(await read(() => world.teams.campaigns(program.live, team.id)))).toEqual(plain([{ campaignId: program.campaignId, rate }, { campaignId: second, rate: null }]));
      expect(await locked(() => world.teams.removeCampaign(program.live, team.id, second))).toBe(true);
      expect(await locked(() => world.teams.removeCampaign(program.live, team.id, second))).toBe(false);
      expect((await read(() => world.teams.campaigns(program.live, team.id))).map((c) => c.campaignId)).toEqual([program.campaignId]);
    });

    it('links memberships to the team, and a removed member leaves with its links and overrides', async () => {
      const team = await fixtures.team(program.live);
      const member: AffiliateRefs = await world.affiliate(program);
      await locked(() => world.teams.saveCampaign(program.live, team.id, { campaignId: program.campaignId, rate: null }, at('2026-11-02T00:00:00.000Z')));
      await locked(() => world.teams.addMember(program.live, team.id, member.id, at('2026-11-02T00:00:00.000Z')));
      const links = () => locked(() => world.teams.membershipLinksForUpdate(program.live, program.campaignId, [member.id]));
      expect(await links()).toEqual([{ affiliateId: member.id, campaignId: program.campaignId, status: 'approved', teamId: null }]);
      await locked(() => world.teams.linkMembership(program.live, program.campaignId, member.id, team.id));
      expect((await links())[0]?.teamId).toBe(team.id);
      const override = { campaignId: program.campaignId, affiliateId: member.id, rate: { type: 'percentage' as const, value: new Decimal(30) }, recurringValue: new Decimal(15) };
      await locked(() => world.teams.saveOverride(program.live, team.id, override, at('2026-11-03T00:00:00.000Z')));
      expect(plain(await read(() => world.teams.overrides(program.live, team.id)))).toEqual([plain(override)]);
      expect(await locked(() => world.teams.removeMember(other.live, team.id, member.id))).toBe(false);
      expect(await locked(() => world.teams.removeMember(program.live, team.id, member.id))).toBe(true);
      expect(await locked(() => world.teams.removeMember(program.live, team.id, member.id))).toBe(false);
      expect((await links())[0]?.teamId).toBeNull();
      expect(await read(() => world.teams.overrides(program.live, team.id))).toEqual([]);
      expect(await read(() => world.teams.members(program.live, team.id))).toEqual([]);
    });

    it("tells how affiliates relate to the merchant: statuses in the tenant's mode, or a test affiliate", async () => {
      const pending = await world.affiliate(program, { membership: 'pending' });
      const relations = await read(() => world.teams.relationsOf(program.live, [program.liveAffiliateId, pending.id, program.testAffiliateId, other.liveAffiliateId]));
      expect(
        Object.fromEntries([...relations.entries()].map(([id, r]) => [id, { liveStatuses: [...r.liveStatuses].sort(), isTestAffiliate: r.isTestAffiliate }])),
      ).toEqual({
        [program.liveAffiliateId]: { liveStatuses: ['approved'], isTestAffiliate: false },
        [pending.id]: { liveStatuses: ['pending'], isTestAffiliate: false },
        [program.testAffiliateId]: { liveStatuses: [], isTestAffiliate: true },
      });
    });

    it('deletes a team with its roster, campaigns and goals', async () => {
      const team = await fixtures.team(program.live);
      await locked(() => world.teams.addMember(program.live, team.id, program.liveAffiliateId, at('2026-11-02T00:00:00.000Z')));
      await locked(() => world.teams.saveCampaign(program.live, team.id, { campaignId: program.campaignId, rate: null }, at('2026-11-02T00:00:00.000Z')));
      const goal = await fixtures.goal(program.live, team);
      await fixtures.period(program.live, goal);
      await locked(() => world.teams.delete(other.live, team.id));
      expect(await read(() => world.teams.findById(program.live, team.id))).not.toBeNull();
      await locked(() => world.teams.delete(program.live, team.id));
      expect(await read(() => world.teams.findById(program.live, team.id))).toBeNull();
      expect(await read(() => world.teams.members(program.live, team.id))).toEqual([]);
      expect(await read(() => world.teams.campaigns(program.live, team.id))).toEqual([]);
      expect(await read(() => world.goals.findById(program.live, team.id, goal.id))).toBeNull();
      expect(await read(() => world.goals.usedPeriodKeys(program.live, goal.id))).toEqual([]);
      expect(await read(() => world.teams.teamsOfMember(program.live, program.liveAffiliateId))).not.toContain(team.id);
    });
  });
};
