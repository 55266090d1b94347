import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importedCommissionTiers, tierProblems } from '../../domain/index.js';

/** Tiers the API accepts, in the export's spelling (decimals as text). */
const exportedTiers = fc
  .record({
    basis: fc.constantFrom('conversions' as const, 'revenue' as const),
    tiers: fc.uniqueArray(
      fc.record({ threshold: fc.integer({ min: 0, max: 100_000 }), type: fc.constantFrom('percentage' as const, 'fixed' as const), value: fc.integer({ min: 0, max: 100 }) }),
      { minLength: 1, maxLength: 10, selector: (t) => t.threshold },
    ),
  })
  .map(({ basis, tiers }) => ({ basis, tiers: tiers.map((t) => ({ threshold: String(t.threshold), type: t.type, value: String(t.value) })) }));

describe("an imported campaign's volume tiers", () => {
  it('reads back what the export writes', () => {
    fc.assert(
      fc.property(exportedTiers, (tiers) => {
        const read = importedCommissionTiers(JSON.stringify(tiers))._unsafeUnwrap();
        expect(read?.basis).toBe(tiers.basis);
        expect(read?.tiers.map((t) => ({ threshold: t.threshold.toFixed(), type: t.type, value: t.value.toFixed() }))).toEqual(tiers.tiers);
      }),
    );
  });

  it('is none for an empty cell or null', () => {
    for (const cell of [null, '', '  ', 'null']) expect(importedCommissionTiers(cell)._unsafeUnwrap()).toBeNull();
  });

  it('never accepts tiers the API would refuse, and names commission_tiers when it refuses', () => {
    const anyTier = fc.record({ threshold: fc.oneof(fc.string(), fc.double(), fc.integer()), type: fc.oneof(fc.string(), fc.constantFrom('percentage', 'fixed')), value: fc.oneof(fc.string(), fc.double(), fc.integer()) }, { requiredKeys: [] });
    const anyCell = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({ basis: fc.oneof(fc.string(), fc.constantFrom('conversions', 'revenue')), tiers: fc.oneof(fc.array(anyTier, { maxLength: 12 }), fc.anything()) }).map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(anyCell, (cell) => {
        const read = importedCommissionTiers(cell);
        if (read.isOk()) {
          if (read.value !== null) expect(tierProblems(read.value)).toEqual([]);
        } else {
          for (const problem of read.error.details ?? []) expect(problem.field).toMatch(/^commission_tiers/);
        }
      }),
    );
  });
});
