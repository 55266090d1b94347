import { describe, expect, it, vi } from 'vitest';
import { isUuid, UuidV7Generator } from '../../adapters/ids/uuid-v7-generator.js';

describe('UuidV7Generator', () => {
  it('makes version 7 ids, all different, across several refills of its random pool', () => {
    const ids = new UuidV7Generator();
    const made = Array.from({ length: 2_000 }, () => ids.next());
    expect(new Set(made).size).toBe(made.length);
    for (const id of made) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });

  it('sorts ids in the order they were made, within one millisecond and across them', () => {
    const ids = new UuidV7Generator();
    const clock = vi.spyOn(Date, 'now');
    try {
      const made: string[] = [];
      for (const ms of [1_764_400_000_000, 1_764_400_000_000, 1_764_400_000_001]) {
        clock.mockReturnValue(ms);
        for (let i = 0; i < 300; i += 1) made.push(ids.next());
      }
      expect([...made].sort()).toEqual(made);
      // The time part is the clock's millisecond.
      expect(made[0]!.replace(/-/g, '').slice(0, 12)).toBe((1_764_400_000_000).toString(16).padStart(12, '0'));
    } finally {
      clock.mockRestore();
    }
  });

  it('carries into the next millisecond when the counter wraps, so order holds', () => {
    const ids = new UuidV7Generator();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_764_400_000_000);
    try {
      const first = ids.next();
      (ids as unknown as { seq: number }).seq = -1;
      const wrapped = ids.next();
      expect(wrapped > first).toBe(true);
      expect(wrapped.replace(/-/g, '').slice(0, 12)).toBe((1_764_400_000_001).toString(16).padStart(12, '0'));
    } finally {
      clock.mockRestore();
    }
  });
});
