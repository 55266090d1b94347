import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../domain/index.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';

/**
 * What `UnitOfWork` promises every use case (seen through the merchant store and the outbox, which
 * join it): a transaction's writes stand together or not at all; a nested transaction that fails
 * takes back only its own writes, and the outer one may still commit; `join` opens one when none is
 * open and otherwise joins it with no nested one; a row lock taken in one
 * transaction makes another wait until the first has ended.
 */
export const unitOfWorkContract = (worldOf: () => ContractWorld): void => {
  describe('UnitOfWork contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let merchant: Merchant;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      merchant = (await world.run(() => world.merchants.findById(program.merchantId))) as Merchant;
    });

    const nameNow = async () => (await world.run(() => world.merchants.findById(merchant.id)))?.businessName;
    const rename = (businessName: string) => world.merchants.update({ ...merchant, businessName });
    const event = (type: string) => world.outbox.record([{ merchantId: merchant.id, mode: 'live', type, payload: {}, occurredAt: new Date('2026-11-20T00:00:00.000Z') }]);

    it("keeps every write of a committed transaction and none of a failed one's", async () => {
      await inTransaction(world, async () => {
        await rename('Committed');
        await event('contract.uow.committed');
      });
      expect(await nameNow()).toBe('Committed');
      const failed = inTransaction(world, async () => {
        await rename('Failed');
        await event('contract.uow.failed');
        throw new Error('the change failed');
      });
      await expect(failed).rejects.toThrow('the change failed');
      expect(await nameNow()).toBe('Committed');
      expect(await world.eventsOfType('contract.uow.committed')).toHaveLength(1);
      expect(await world.eventsOfType('contract.uow.failed')).toEqual([]);
    });

    it('takes back only what a failed nested transaction wrote', async () => {
      await inTransaction(world, async () => {
        await event('contract.uow.outer');
        const inner = world.uow.transaction(async () => {
          await rename('Inner');
          await event('contract.uow.inner');
          throw new Error('the inner change failed');
        });
        await expect(inner).rejects.toThrow('the inner change failed');
        await rename('Outer');
      });
      expect(await nameNow()).toBe('Outer');
      expect(await world.eventsOfType('contract.uow.outer')).toHaveLength(1);
      expect(await world.eventsOfType('contract.uow.inner')).toEqual([]);
    });

    it('opens a transaction to join when none is open: its writes stand together or not at all', async () => {
      await world.run(() =>
        world.uow.join(async () => {
          await rename('Joined alone');
          await event('contract.uow.join-alone');
        }),
      );
      expect(await nameNow()).toBe('Joined alone');
      const failed = world.run(() =>
        world.uow.join(async () => {
          await rename('Joined and failed');
          await event('contract.uow.join-alone-failed');
          throw new Error('the joined change failed');
        }),
      );
      await expect(failed).rejects.toThrow('the joined change failed');
      expect(await nameNow()).toBe('Joined alone');
      expect(await world.eventsOfType('contract.uow.join-alone-failed')).toEqual([]);
    });

    it("joins an open transaction with no nested one: what it wrote before failing is the caller's to keep or take back", async () => {
      await inTransaction(world, async () => {
        const joined = world.uow.join(async () => {
          await event('contract.uow.joined-kept');
          throw new Error('the joined change failed');
        });
        await expect(joined).rejects.toThrow('the joined change failed');
      });
      // No savepoint took it back: the caller committed it.
      expect(await world.eventsOfType('contract.uow.joined-kept')).toHaveLength(1);
      const callerFails = inTransaction(world, async () => {
        await world.uow.join(async () => {
          await rename('Joined, caller failed');
          await event('contract.uow.joined-undone');
        });
        throw new Error('the caller failed');
      });
      await expect(callerFails).rejects.toThrow('the caller failed');
      expect(await nameNow()).toBe('Joined alone');
      expect(await world.eventsOfType('contract.uow.joined-undone')).toEqual([]);
    });

    it('makes a second transaction wait for a row lock until the first has ended', async () => {
      const order: string[] = [];
      let locked!: () => void;
      const firstHolds = new Promise<void>((resolve) => (locked = resolve));
      const first = inTransaction(world, async () => {
        await world.merchants.findByIdForUpdate(merchant.id);
        locked();
        // Give the second transaction every chance to (wrongly) get the lock before this one ends.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await rename('First');
        order.push('first ends');
      });
      await firstHolds;
      const second = inTransaction(world, async () => {
        const seen = await world.merchants.findByIdForUpdate(merchant.id);
        order.push(`second locks and reads ${seen?.businessName}`);
      });
      await Promise.all([first, second]);
      expect(order).toEqual(['first ends', 'second locks and reads First']);
    });
  });
};
