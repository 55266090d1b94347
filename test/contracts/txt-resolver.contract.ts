import { describe, expect, it } from 'vitest';
import type { TxtResolver } from '../../application/ports/txt-resolver.js';

/** What every TXT resolver answers: a published record as its chunks; a name with none, an empty list. */
export const txtResolverContract = (name: string, make: () => Promise<{ resolver: TxtResolver; publish: (name: string, chunks: string[]) => void; close?: () => Promise<void> }>) =>
  describe(`TXT resolver contract (${name})`, () => {
    it('answers a published record as its strings, and nothing for a name without one', async () => {
      const world = await make();
      try {
        world.publish('_affiliate-verification.shop.example', ['affiliate-verification=', 'abc123']);
        const found = await world.resolver.resolveTxt('_affiliate-verification.shop.example');
        expect(found.map((chunks) => chunks.join(''))).toEqual(['affiliate-verification=abc123']);
        expect(await world.resolver.resolveTxt('_affiliate-verification.nothing-here.example')).toEqual([]);
      } finally {
        await world.close?.();
      }
    });
  });
