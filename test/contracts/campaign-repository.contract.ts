import { beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, Decimal, type Campaign } from '../../domain/index.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const NOW = new Date('2026-11-10T10:00:00.000Z');

/**
 * What `CampaignRepository` promises the campaign use cases and the expiry job: a campaign comes back
 * as saved and as last updated, to its merchant only (both modes); a tracking code is taken once across
 * the service; an update never moves a campaign to another merchant; the expiry claim returns what has
 * ended and is not expired yet, oldest end first, at most `limit`.
 */
export const campaignRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('CampaignRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
    });

    const campaign = (owner: ProgramRefs = program, trackingCode = `code-${world.ids.next().slice(-12)}`): Campaign =>
      createCampaign(
        { name: 'Contract campaign', commissionType: 'percentage', commissionValue: new Decimal('12.5'), description: 'Spring', targetUrl: 'https://shop.example/spring' },
        { id: world.ids.next(), merchantId: owner.merchantId, trackingCode, now: NOW },
      )._unsafeUnwrap();
    const read = <T>(work: () => Promise<T>) => world.run(work);
    const locked = <T>(work: () => Promise<T>) => inTransaction(world, work);

    it('gives a campaign back as saved and as last updated, to its merchant in both modes only', async () => {
      const saved = campaign();
      expect(await locked(() => world.campaigns.insert(saved))).toBe('inserted');
      expect(plain(await read(() => world.campaigns.findById(program.live, saved.id)))).toEqual(plain(saved));
      const changed: Campaign = {
        ...saved,
        name: 'Renamed',
        status: 'inactive',
        endsAt: new Date('2026-12-01T00:00:00.000Z'),
        commissionType: 'fixed',
        commissionValue: new Decimal('4.25'),
        autoApproveCommissionsAfterDays: 14,
        isPublic: true,
        attributionWindowDays: 60,
        updatedAt: new Date('2026-11-11T10:00:00.000Z'),
      };
      await locked(() => world.campaigns.update(changed));
      expect(plain(await locked(() => world.campaigns.findByIdForUpdate(program.test, saved.id)))).toEqual(plain(changed));
      expect(await read(() => world.campaigns.findById(other.live, saved.id))).toBeNull();
      expect(await locked(() => world.campaigns.findByIdForUpdate(other.live, saved.id))).toBeNull();
    });

    it('takes a tracking code once across the service, whichever merchant asks', async () => {
      const first = campaign(program, `taken-${world.ids.next().slice(-8)}`);
      expect(await locked(() => world.campaigns.insert(first))).toBe('inserted');
      expect(await locked(() => world.campaigns.insert(campaign(other, first.trackingCode)))).toBe('tracking_code_taken');
      expect(await locked(() => world.campaigns.insert(campaign(program, first.trackingCode)))).toBe('tracking_code_taken');
    });

    it("never moves a campaign to another merchant through an update", async () => {
      const mine = campaign();
      await locked(() => world.campaigns.insert(mine));
      await locked(() => world.campaigns.update({ ...mine, merchantId: other.merchantId, name: 'Hijacked' }));
      expect((await read(() => world.campaigns.findById(program.live, mine.id)))?.name).toBe(mine.name);
      expect(await read(() => world.campaigns.findById(other.live, mine.id))).toBeNull();
    });

    it('claims ended campaigns not yet expired, oldest end first, at most the limit', async () => {
      const ended = (iso: string, status: Campaign['status'] = 'active') => ({ ...campaign(), status, endsAt: new Date(iso) });
      const later = ended('2026-11-09T00:00:00.000Z');
      const earlier = ended('2026-11-08T00:00:00.000Z');
      const expired = ended('2026-11-07T00:00:00.000Z', 'expired');
      const future = ended('2026-11-30T00:00:00.000Z');
      for (const c of [later, earlier, expired, future]) {
        await locked(async () => {
          await world.campaigns.insert(c);
          await world.campaigns.update(c);
        });
      }
      const ours = new Set([later.id, earlier.id, expired.id, future.id]);
      const claimed = await locked(() => world.campaigns.claimDueToExpire(NOW, 100));
      expect(claimed.filter((c) => ours.has(c.id)).map((c) => c.id)).toEqual([earlier.id, later.id]);
      const one = await locked(() => world.campaigns.claimDueToExpire(NOW, 1));
      expect(one).toHaveLength(1);
    });
  });
};
