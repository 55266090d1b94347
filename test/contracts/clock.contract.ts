import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractWorld } from './contract-world.js';

/**
 * What `Clock` promises the use cases: each read is a Date of its own (a caller that changes it moves
 * no clock), and time read later is never earlier.
 */
export const clockContract = (worldOf: () => ContractWorld): void => {
  describe('Clock contract', () => {
    let world: ContractWorld;

    beforeAll(() => {
      world = worldOf();
    });

    it('answers a Date of its own each time, never earlier than the one before', () => {
      const first = world.clock.now();
      expect(first).toBeInstanceOf(Date);
      expect(Number.isNaN(first.getTime())).toBe(false);
      const kept = first.getTime();
      first.setTime(0);
      let previous = kept;
      for (let i = 0; i < 100; i += 1) {
        const now = world.clock.now().getTime();
        expect(now).toBeGreaterThanOrEqual(previous);
        previous = now;
      }
    });
  });
};
