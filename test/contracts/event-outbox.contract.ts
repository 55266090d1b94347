import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';

/**
 * What `EventOutbox` promises every writer: an event is recorded only inside the change's transaction
 * (outside one it throws and writes nothing), kept with its tenant and payload when that transaction
 * commits, and gone with it when it rolls back.
 */
export const eventOutboxContract = (worldOf: () => ContractWorld): void => {
  describe('EventOutbox contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    const event = (type: string, payload: Record<string, unknown>) => ({
      merchantId: program.merchantId,
      mode: 'test' as const,
      type,
      payload,
      occurredAt: new Date('2026-11-20T10:00:00.000Z'),
    });

    it('refuses to record outside a transaction and writes nothing', async () => {
      await expect(world.run(() => world.outbox.record([event('contract.outside', { n: 1 })]))).rejects.toThrow(/inside UnitOfWork\.transaction/);
      expect(await world.eventsOfType('contract.outside')).toEqual([]);
    });

    it('keeps what a committed transaction recorded, in order, with its tenant and payload', async () => {
      await inTransaction(world, async () => {
        await world.outbox.record([event('contract.kept', { n: 1, nested: { a: 'x' } })]);
        await world.outbox.record([event('contract.kept', { n: 2 }), event('contract.kept', { n: 3 })]);
      });
      await inTransaction(world, () => world.outbox.record([]));
      expect(await world.eventsOfType('contract.kept')).toEqual(
        [{ n: 1, nested: { a: 'x' } }, { n: 2 }, { n: 3 }].map((payload) => ({ merchantId: program.merchantId, mode: 'test', payload })),
      );
    });

    it('drops what a rolled-back transaction recorded', async () => {
      const failed = inTransaction(world, async () => {
        await world.outbox.record([event('contract.dropped', { n: 1 })]);
        throw new Error('the change failed');
      });
      await expect(failed).rejects.toThrow('the change failed');
      expect(await world.eventsOfType('contract.dropped')).toEqual([]);
    });
  });
};
