import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BONUS_TIERS_MAX, BONUS_VALUE_MAX, importedBonusTiers, storedBonusTiers } from '../../domain/index.js';

/** Tiers a tiered goal accepts, in the export's spelling (decimals as text). */
const exportedTiers = fc
  .uniqueArray(fc.record({ threshold: fc.integer({ min: 0, max: 1_000_000 }), amount: fc.integer({ min: 1, max: 100_000 }) }), {
    minLength: 1,
    maxLength: 10,
    selector: (t) => t.threshold,
  })
  .map((tiers) => tiers.map((t) => ({ threshold: String(t.threshold), amount: String(t.amount) })));

describe("an imported team goal's bonus tiers", () => {
  it('reads back what the export writes, lowest threshold first, and stores it as the goal column keeps it', () => {
    fc.assert(
      fc.property(exportedTiers, (tiers) => {
        const read = importedBonusTiers(JSON.stringify(tiers), 'tiered')._unsafeUnwrap();
        const sorted = [...tiers].sort((a, b) => Number(a.threshold) - Number(b.threshold));
        expect(read?.map((t) => ({ threshold: t.threshold.toFixed(), amount: t.amount.toFixed() }))).toEqual(sorted);
        expect(JSON.parse(storedBonusTiers(read)!)).toEqual(sorted);
      }),
    );
  });

  it('is none for a goal that is not tiered, and refuses tiers on one', () => {
    for (const type of ['flat', 'percent_over']) {
      for (const cell of [null, '', 'null']) expect(importedBonusTiers(cell, type)._unsafeUnwrap()).toBeNull();
      expect(importedBonusTiers('[{"threshold":"1","amount":"5"}]', type).isErr()).toBe(true);
    }
    expect(storedBonusTiers(null)).toBeNull();
  });

  it('never accepts tiers a tiered goal could not pay by, and names bonus_tiers when it refuses', () => {
    const anyTier = fc.record({ threshold: fc.oneof(fc.string(), fc.double(), fc.integer()), amount: fc.oneof(fc.string(), fc.double(), fc.integer()) }, { requiredKeys: [] });
    const anyCell = fc.oneof(fc.constant(null), fc.string(), fc.json(), fc.array(anyTier, { maxLength: 12 }).map((v) => JSON.stringify(v)));
    fc.assert(
      fc.property(anyCell, (cell) => {
        const read = importedBonusTiers(cell, 'tiered');
        if (read.isErr()) {
          expect(read.error.details?.[0]?.field ?? read.error.message).toMatch(/bonus_tiers/);
          return;
        }
        const tiers = read.value!;
        expect(tiers.length).toBeGreaterThanOrEqual(1);
        expect(tiers.length).toBeLessThanOrEqual(BONUS_TIERS_MAX);
        for (const t of tiers) {
          expect(t.threshold.gte(0)).toBe(true);
          expect(t.amount.gt(0) && t.amount.lte(BONUS_VALUE_MAX)).toBe(true);
        }
        expect(new Set(tiers.map((t) => t.threshold.toFixed())).size).toBe(tiers.length);
      }),
    );
  });
});
