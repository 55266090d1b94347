import { beforeAll, describe, expect, it } from 'vitest';
import { changeRiskSettings, DEFAULT_RISK_SETTINGS } from '../../domain/index.js';
import { inTransaction, type ContractWorld } from './contract-world.js';
import { plain } from './plain.js';

/**
 * What `RiskSettingsRepository` promises the sale path and the settings endpoint: the defaults until
 * something is saved, then the saved rules exactly (thresholds, lists, ceilings per currency), per
 * merchant and mode, locked or not.
 */
export const riskSettingsRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('RiskSettingsRepository contract', () => {
    let world: ContractWorld;

    beforeAll(() => {
      world = worldOf();
    });

    it('answers the defaults until rules are saved, then the saved rules, per mode', async () => {
      const { live, test } = await world.program();
      expect(plain(await world.run(() => world.riskSettings.get(live)))).toEqual(plain(DEFAULT_RISK_SETTINGS));
      expect(plain(await inTransaction(world, () => world.riskSettings.getForUpdate(live)))).toEqual(plain(DEFAULT_RISK_SETTINGS));
      const changed = changeRiskSettings(
        DEFAULT_RISK_SETTINGS,
        {
          actions: { fast_conversion: 'hold', disposable_email: 'off' },
          fastConversionSeconds: 15,
          clickVelocity: { max: 20 },
          bannedReferrerDomains: ['coupon-spam.example'],
          paidAds: 'forbidden',
          scriptSales: 'off',
          scriptSaleMaxAmount: { usd: '500.5', jpy: 1000 },
        },
        new Date('2026-11-28T10:00:00.000Z'),
      )._unsafeUnwrap();
      await inTransaction(world, () => world.riskSettings.save(live, changed));
      expect(plain(await world.run(() => world.riskSettings.get(live)))).toEqual(plain(changed));
      expect(plain(await inTransaction(world, () => world.riskSettings.getForUpdate(live)))).toEqual(plain(changed));
      expect(plain(await world.run(() => world.riskSettings.get(test)))).toEqual(plain(DEFAULT_RISK_SETTINGS));
      const other = await world.program();
      expect(plain(await world.run(() => world.riskSettings.get(other.live)))).toEqual(plain(DEFAULT_RISK_SETTINGS));
    });

    it('a second save replaces the first', async () => {
      const { live } = await world.program();
      const first = changeRiskSettings(DEFAULT_RISK_SETTINGS, { refundRatePercent: 40 }, new Date('2026-11-28T10:00:00.000Z'))._unsafeUnwrap();
      const second = changeRiskSettings(first, { refundRatePercent: 20, bannedReferrerDomains: [] }, new Date('2026-11-28T11:00:00.000Z'))._unsafeUnwrap();
      await inTransaction(world, () => world.riskSettings.save(live, first));
      await inTransaction(world, () => world.riskSettings.save(live, second));
      expect(plain(await world.run(() => world.riskSettings.get(live)))).toEqual(plain(second));
    });
  });
};
