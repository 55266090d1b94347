import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversion, ConversionStatus, Merchant } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const BANNED = new Date('2026-11-20T08:00:00.000Z');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute));

/**
 * What `AffiliateBanStore` promises a ban and the review queue: a ban recorded, read (one or many)
 * and deleted within its tenant (another merchant and the other mode see none); the campaigns an
 * affiliate has a membership on, in the order it joined them; its pending, held and approved sales
 * oldest first, each saying whether a payout row (queued or with the provider) exists for it.
 */
export const affiliateBanStoreContract = (worldOf: () => ContractWorld): void => {
  describe('AffiliateBanStore contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;
    let merchant: Merchant;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
      merchant = (await world.run(() => world.merchants.findById(program.merchantId))) as Merchant;
    });

    const read = <T>(work: () => Promise<T>) => world.run(work);
    const banOf = (affiliateId: string) => ({ affiliateId, reason: 'Self-referred sales', bannedAt: BANNED });
    const sale = async (affiliateId: string, status: ConversionStatus, minute: number): Promise<Conversion> => {
      const conversion = aConversion(world.ids.next(), { ...program.live, campaignId: program.campaignId, affiliateId }, { status, createdAt: at(minute) });
      await inTransaction(world, () => world.conversions.recordSale(conversion, []));
      return conversion;
    };

    it('records a ban and reads it in its tenant only, alone or among others; deleting it lifts it', async () => {
      const { id } = await world.affiliate(program);
      expect(await read(() => world.bans.find(program.live, id))).toBeNull();
      await inTransaction(world, () => world.bans.insert(program.live, banOf(id)));

      expect(plain(await read(() => world.bans.find(program.live, id)))).toEqual(plain(banOf(id)));
      expect(plain(await read(() => world.bans.findMany(program.live, [id, program.liveAffiliateId, world.ids.next()])))).toEqual(plain(new Map([[id, banOf(id)]])));
      expect(await read(() => world.bans.findMany(program.live, []))).toEqual(new Map());
      expect(await read(() => world.bans.find(program.test, id))).toBeNull();
      expect(await read(() => world.bans.find(other.live, id))).toBeNull();
      expect(await read(() => world.bans.findMany(other.live, [id]))).toEqual(new Map());

      await inTransaction(world, () => world.bans.delete(other.live, id));
      expect(plain(await read(() => world.bans.find(program.live, id)))).toEqual(plain(banOf(id)));
      await inTransaction(world, () => world.bans.delete(program.live, id));
      expect(await read(() => world.bans.find(program.live, id))).toBeNull();
    });

    it("reads a test affiliate's ban in test mode only", async () => {
      const { id } = await world.affiliate(program, { mode: 'test' });
      await inTransaction(world, () => world.bans.insert(program.test, banOf(id)));
      expect(plain(await read(() => world.bans.find(program.test, id)))).toEqual(plain(banOf(id)));
      expect(await read(() => world.bans.find(program.live, id))).toBeNull();
    });

    it('lists the campaigns the affiliate has a membership on, whatever its status, in the order it joined, in its tenant only', async () => {
      const { id } = await world.affiliate(program, { membership: 'approved' });
      const later = await world.campaign(program);
      await world.rows.membership(program.live, { id: world.ids.next(), affiliateId: id, campaignId: later, status: 'rejected', joinedAt: new Date('2030-01-01T00:00:00.000Z') });

      expect(await read(() => world.bans.campaignIdsOf(program.live, id))).toEqual([program.campaignId, later]);
      expect(await read(() => world.bans.campaignIdsOf(program.test, id))).toEqual([]);
      expect(await read(() => world.bans.campaignIdsOf(other.live, id))).toEqual([]);
      expect(await read(() => world.bans.campaignIdsOf(program.live, world.ids.next()))).toEqual([]);
    });

    it('lists its pending, held and approved sales oldest first, each saying whether a payout row exists, in its tenant only', async () => {
      const { id } = await world.affiliate(program);
      const { id: someoneElse } = await world.affiliate(program);
      const approved = await sale(id, 'approved', 4);
      const held = await sale(id, 'held', 2);
      const queued = await sale(id, 'approved', 3);
      const withProvider = await sale(id, 'approved', 5);
      const pending = await sale(id, 'pending', 1);
      for (const [status, minute] of [['rejected', 0], ['paid', 6], ['refunded', 7]] as const) await sale(id, status, minute);
      await sale(someoneElse, 'pending', 0);
      for (const c of [queued, withProvider]) await inTransaction(world, () => world.payouts.queueFor(c, merchant, BANNED));
      await world.run(() => world.payoutWithProvider(withProvider.id));

      expect(await read(() => world.bans.openSalesOf(program.live, id))).toEqual([
        { conversionId: pending.id, hasPayout: false },
        { conversionId: held.id, hasPayout: false },
        { conversionId: queued.id, hasPayout: true },
        { conversionId: approved.id, hasPayout: false },
        { conversionId: withProvider.id, hasPayout: true },
      ]);
      expect(await read(() => world.bans.openSalesOf(program.test, id))).toEqual([]);
      expect(await read(() => world.bans.openSalesOf(other.live, id))).toEqual([]);
    });
  });
};
