import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractWorld } from './contract-world.js';

/** Lowercase, version 7, RFC variant: what a uuid column takes and what the click-id parsers accept. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * What `IdGenerator` promises every store and every "newest first" list: each id is a version-7
 * UUID, none repeats, and ids sort (as text) in the order they were made.
 */
export const idGeneratorContract = (worldOf: () => ContractWorld): void => {
  describe('IdGenerator contract', () => {
    let world: ContractWorld;

    beforeAll(() => {
      world = worldOf();
    });

    it('makes distinct version-7 UUIDs that sort in the order they were made', () => {
      const ids = Array.from({ length: 2_000 }, () => world.ids.next());
      for (const id of ids) expect(id).toMatch(UUID_V7);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(ids);
    });
  });
};
