import { beforeAll, describe, expect, it } from 'vitest';
import type { Membership } from '../../domain/index.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const DECIDED = new Date('2026-11-20T08:00:00.000Z');

/**
 * What a ban locks and writes through `AffiliateLocks` and `MembershipUpdates`: the affiliate by id
 * whichever its tenant (null for an id that names none), and a membership within its tenant only,
 * its new status and dates written, undone with its transaction.
 */
export const affiliateLocksContract = (worldOf: () => ContractWorld): void => {
  describe('AffiliateLocks and MembershipUpdates contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
    });

    const locked = (id: string) => inTransaction(world, () => world.affiliateLocks.findByIdForUpdateAcrossMerchants(id));
    const membershipOf = (tenant: ProgramRefs['live'], affiliateId: string) =>
      inTransaction(world, () => world.membershipUpdates.findForUpdate(tenant, affiliateId, program.campaignId));
    const linkOf = (m: Membership | null) => m && { merchantId: m.merchantId, mode: m.mode, campaignId: m.campaignId, affiliateId: m.affiliateId, status: m.status };

    it('locks an affiliate by id whichever its merchant and mode, and finds nothing for an id that names none', async () => {
      for (const [refs, id, isTest] of [
        [program, program.liveAffiliateId, false],
        [program, program.testAffiliateId, true],
        [other, other.liveAffiliateId, false],
      ] as const) {
        const found = await locked(id);
        expect(found && { id: found.id, merchantId: found.merchantId, isTest: found.isTest }).toEqual({ id, merchantId: refs.merchantId, isTest });
      }
      expect(await locked(world.ids.next())).toBeNull();
    });

    it("locks a membership within its tenant only: the other mode's and another merchant's find nothing", async () => {
      const affiliate = await world.affiliate(program, { membership: 'approved' });
      expect(linkOf(await membershipOf(program.live, affiliate.id))).toEqual({
        merchantId: program.merchantId,
        mode: 'live',
        campaignId: program.campaignId,
        affiliateId: affiliate.id,
        status: 'approved',
      });
      expect(await membershipOf(program.test, affiliate.id)).toBeNull();
      expect(await membershipOf(other.live, affiliate.id)).toBeNull();
      expect(await membershipOf(program.live, world.ids.next())).toBeNull();
    });

    it("writes a membership's status and dates in its tenant; another tenant's write changes nothing", async () => {
      const affiliate = await world.affiliate(program, { membership: 'approved' });
      const before = (await membershipOf(program.live, affiliate.id)) as Membership;
      await inTransaction(world, () => world.membershipUpdates.update(other.live, { ...before, status: 'rejected', decidedAt: DECIDED, updatedAt: DECIDED }));
      await inTransaction(world, () => world.membershipUpdates.update(program.test, { ...before, status: 'rejected', decidedAt: DECIDED, updatedAt: DECIDED }));
      expect(plain(await membershipOf(program.live, affiliate.id))).toEqual(plain(before));

      await inTransaction(world, () => world.membershipUpdates.update(program.live, { ...before, status: 'suspended', decidedAt: DECIDED, updatedAt: DECIDED }));
      expect(plain(await membershipOf(program.live, affiliate.id))).toEqual(plain({ ...before, status: 'suspended', decidedAt: DECIDED, updatedAt: DECIDED }));
    });

    it('undoes a membership write with its transaction', async () => {
      const affiliate = await world.affiliate(program, { membership: 'approved' });
      const before = (await membershipOf(program.live, affiliate.id)) as Membership;
      await expect(
        inTransaction(world, async () => {
          await world.membershipUpdates.update(program.live, { ...before, status: 'suspended', decidedAt: DECIDED, updatedAt: DECIDED });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(plain(await membershipOf(program.live, affiliate.id))).toEqual(plain(before));
    });
  });
};
