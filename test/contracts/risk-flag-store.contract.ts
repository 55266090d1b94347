import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredRiskFlag } from '../../application/ports/risk-flag-store.js';
import type { RiskFlag } from '../../domain/index.js';
import { inTransaction, type ContractWorld } from './contract-world.js';
import { plain } from './plain.js';

const flag = (code: RiskFlag['code'], evidence: string[], action: 'flag' | 'hold' = 'flag') => ({ code, message: `${code} fired`, evidence, action });
const byCode = (flags: readonly StoredRiskFlag[] | undefined) => plain([...(flags ?? [])].sort((a, b) => a.code.localeCompare(b.code)));

/**
 * What `RiskFlagStore` promises the review: a subject's flags are what was last written for it (a
 * signal that fires again keeps its first time and takes the new words and evidence; one that no
 * longer fires is gone), per tenant and kind; subjects without flags are absent from the answer.
 */
export const riskFlagStoreContract = (worldOf: () => ContractWorld): void => {
  describe('RiskFlagStore contract', () => {
    let world: ContractWorld;

    beforeAll(() => {
      world = worldOf();
    });

    const T1 = new Date('2026-11-28T10:00:00.000Z');
    const T2 = new Date('2026-11-28T11:00:00.000Z');

    it('keeps the last flags of a subject, the first time of a signal that fires again, and drops the rest', async () => {
      const { live, test } = await world.program();
      const subject = world.ids.next();
      const clean = world.ids.next();
      await inTransaction(world, () => world.riskFlags.replace(live, 'conversion', subject, [flag('fast_conversion', ['c1']), flag('disposable_email', ['mailinator.com'], 'hold')], T1));
      const first = await world.run(() => world.riskFlags.forSubjects(live, 'conversion', [subject, clean]));
      expect([...first.keys()]).toEqual([subject]);
      expect(byCode(first.get(subject))).toEqual(
        plain([
          { ...flag('disposable_email', ['mailinator.com'], 'hold'), createdAt: T1 },
          { ...flag('fast_conversion', ['c1']), createdAt: T1 },
        ]),
      );

      await inTransaction(world, () => world.riskFlags.replace(live, 'conversion', subject, [{ ...flag('fast_conversion', ['c1', 'c2']), message: 'again' }], T2));
      const second = await world.run(() => world.riskFlags.forSubjects(live, 'conversion', [subject]));
      expect(byCode(second.get(subject))).toEqual(plain([{ code: 'fast_conversion', message: 'again', evidence: ['c1', 'c2'], action: 'flag', createdAt: T1 }]));

      // Another kind and the other mode see nothing of it.
      expect((await world.run(() => world.riskFlags.forSubjects(live, 'affiliate', [subject]))).size).toBe(0);
      expect((await world.run(() => world.riskFlags.forSubjects(test, 'conversion', [subject]))).size).toBe(0);

      await inTransaction(world, () => world.riskFlags.replace(live, 'conversion', subject, [], T2));
      expect((await world.run(() => world.riskFlags.forSubjects(live, 'conversion', [subject]))).size).toBe(0);
      expect((await world.run(() => world.riskFlags.forSubjects(live, 'conversion', []))).size).toBe(0);
    });

    it("keeps another merchant's flags apart", async () => {
      const a = await world.program();
      const b = await world.program();
      const subject = world.ids.next();
      await inTransaction(world, () => world.riskFlags.replace(a.live, 'affiliate', subject, [flag('shared_payout_details', [subject])], T1));
      expect((await world.run(() => world.riskFlags.forSubjects(b.live, 'affiliate', [subject]))).size).toBe(0);
      expect((await world.run(() => world.riskFlags.forSubjects(a.live, 'affiliate', [subject]))).get(subject)).toHaveLength(1);
    });
  });
};
