import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_SETTINGS, Decimal, type CurrencyCode, type PayoutSettings } from '../../domain/index.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

/**
 * What `PayoutSettingsRepository` promises: the defaults until saved, for reading and for update; a
 * save reads back (minimums by currency, exact decimals), replaces the last one and stays in its mode.
 */
export const payoutSettingsRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('PayoutSettingsRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    it('gives the defaults before any save', async () => {
      expect(plain(await world.run(() => world.payoutSettings.get(program.live)))).toEqual(plain(DEFAULT_PAYOUT_SETTINGS));
      expect(plain(await inTransaction(world, () => world.payoutSettings.getForUpdate(program.test)))).toEqual(plain(DEFAULT_PAYOUT_SETTINGS));
    });

    it('reads a save back, replaces it with the next one, and keeps each mode its own', async () => {
      const first: PayoutSettings = {
        payoutDay: 15,
        minimumPayout: new Map([
          ['usd' as CurrencyCode, new Decimal('50.00')],
          ['eur' as CurrencyCode, new Decimal('12.345')],
        ]),
        updatedAt: new Date('2026-11-12T09:00:00.000Z'),
      };
      await inTransaction(world, () => world.payoutSettings.save(program.live, first));
      expect(plain(await world.run(() => world.payoutSettings.get(program.live)))).toEqual(plain(first));

      const second: PayoutSettings = { payoutDay: null, minimumPayout: new Map([['gbp' as CurrencyCode, new Decimal('5')]]), updatedAt: new Date('2026-11-13T09:00:00.000Z') };
      await inTransaction(world, () => world.payoutSettings.save(program.live, second));
      expect(plain(await inTransaction(world, () => world.payoutSettings.getForUpdate(program.live)))).toEqual(plain(second));
      expect(plain(await world.run(() => world.payoutSettings.get(program.test)))).toEqual(plain(DEFAULT_PAYOUT_SETTINGS));
    });
  });
};
