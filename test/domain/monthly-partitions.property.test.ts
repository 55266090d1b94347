import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthEnd, monthOf, partitionPlan, retentionCutoff } from '../../domain/retention/monthly-partitions.js';

const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });
const policy = fc.record({ monthsAhead: fc.integer({ min: 0, max: 6 }), retentionDays: fc.option(fc.integer({ min: 1, max: 800 }), { nil: null }) });
const months = fc.uniqueArray(instant.map(monthOf), { maxLength: 30 });

describe('monthly partitions', () => {
  it('makes every month from the current one to monthsAhead later, and only those missing', () => {
    fc.assert(
      fc.property(instant, policy, months, (now, p, existing) => {
        const { create } = partitionPlan(now, p, existing);
        const afterwards = new Set([...existing, ...create]);
        let month = monthOf(now);
        for (let i = 0; i <= p.monthsAhead; i += 1) {
          expect(afterwards.has(month)).toBe(true);
          month = monthOf(monthEnd(month));
        }
        for (const m of create) expect(existing).not.toContain(m);
        expect(partitionPlan(now, p, [...afterwards]).create).toEqual([]);
      }),
    );
  });

  it('drops only existing months wholly older than the retention; keeps all without one', () => {
    fc.assert(
      fc.property(instant, policy, months, (now, p, existing) => {
        const { drop } = partitionPlan(now, p, existing);
        const cutoff = retentionCutoff(now, p.retentionDays);
        if (cutoff === null) expect(drop).toEqual([]);
        for (const m of drop) {
          expect(existing).toContain(m);
          expect(monthEnd(m).getTime()).toBeLessThanOrEqual(cutoff!.getTime());
        }
        for (const m of existing.filter((e) => !drop.includes(e))) if (cutoff) expect(monthEnd(m).getTime()).toBeGreaterThan(cutoff.getTime());
        expect(drop).not.toContain(monthOf(now));
      }),
    );
  });

  it('names a month by its first day in UTC', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(monthEnd('2026-12-01').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
