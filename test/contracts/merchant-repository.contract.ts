import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type CurrencyCode, type Merchant } from '../../domain/index.js';
import { inTransaction, type ContractWorld } from './contract-world.js';
import { plain } from './plain.js';

/**
 * What `MerchantRepository` promises the merchant use cases and the sale path: a merchant comes back
 * as saved and as last updated (by id, locked or not), an unknown id finds nothing, updating an
 * unknown id creates nothing, the count follows inserts, and a rolled-back insert or update leaves
 * no trace.
 */
export const merchantRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('MerchantRepository contract', () => {
    let world: ContractWorld;

    beforeAll(() => {
      world = worldOf();
    });

    const merchant = (): Merchant => {
      const id = world.ids.next();
      return {
        id,
        businessName: `Contract ${id.slice(-6)}`,
        email: `merchant-${id}@example.com`,
        plan: 'ultimate',
        customDomain: null,
        websiteUrl: null,
        automaticPayouts: true,
        monthlyEarningsCap: null,
        reportingCurrency: 'usd' as CurrencyCode,
        affiliateLimit: null,
        payoutHoldingDays: 30,
        invitationExpiryDays: 14,
        createdAt: new Date('2026-11-01T00:00:00.000Z'),
        updatedAt: new Date('2026-11-01T00:00:00.000Z'),
      };
    };
    const read = <T>(work: () => Promise<T>) => world.run(work);
    const locked = <T>(work: () => Promise<T>) => inTransaction(world, work);

    it('gives a merchant back as saved and as last updated, locked or not', async () => {
      const saved = merchant();
      await locked(() => world.merchants.insert(saved));
      expect(plain(await read(() => world.merchants.findById(saved.id)))).toEqual(plain(saved));
      const changed: Merchant = {
        ...saved,
        businessName: 'Renamed',
        plan: 'scale',
        automaticPayouts: false,
        monthlyEarningsCap: new Decimal('2500.50'),
        reportingCurrency: 'eur' as CurrencyCode,
        affiliateLimit: 40,
        payoutHoldingDays: 7,
        invitationExpiryDays: 30,
        updatedAt: new Date('2026-11-02T12:30:00.000Z'),
      };
      await locked(() => world.merchants.update(changed));
      expect(plain(await read(() => world.merchants.findById(saved.id)))).toEqual(plain(changed));
      expect(plain(await locked(() => world.merchants.findByIdForUpdate(saved.id)))).toEqual(plain(changed));
    });

    it('finds nothing for an unknown id, and updating one creates nothing', async () => {
      const ghost = merchant();
      await locked(() => world.merchants.update(ghost));
      expect(await read(() => world.merchants.findById(ghost.id))).toBeNull();
      expect(await locked(() => world.merchants.findByIdForUpdate(ghost.id))).toBeNull();
    });

    it('counts what was inserted, and a rolled-back insert or update leaves no trace', async () => {
      const before = await read(() => world.merchants.count());
      const kept = merchant();
      await locked(() => world.merchants.insert(kept));
      expect(await read(() => world.merchants.count())).toBe(before + 1);
      const lost = merchant();
      const failed = locked(async () => {
        await world.merchants.insert(lost);
        await world.merchants.update({ ...kept, businessName: 'Never saved' });
        throw new Error('the change failed');
      });
      await expect(failed).rejects.toThrow('the change failed');
      expect(await read(() => world.merchants.findById(lost.id))).toBeNull();
      expect((await read(() => world.merchants.findById(kept.id)))?.businessName).toBe(kept.businessName);
      expect(await read(() => world.merchants.count())).toBe(before + 1);
    });
  });
};
