import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, ROOT } from '../support/source-files.js';

/** Every `loadAverageAtStart` in a results document, wherever a bench put it (one per run it holds). */
const loadAverages = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value.flatMap(loadAverages);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'loadAverageAtStart' ? [inner] : loadAverages(inner)));
};

/** The 1, 5 and 15 minute load averages, as `os.loadavg()` gives them. */
const isLoadAverage = (value: unknown): boolean =>
  Array.isArray(value) && value.length === 3 && value.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);

/**
 * A ratio measured on a loaded machine says nothing, so a reader must be able to tell: every results
 * file records the machine's load average when its run started, for every row it holds.
 */
describe('bench results', () => {
  it('find the load averages wherever a document holds them, and only valid ones pass', () => {
    expect(loadAverages({ machine: { loadAverageAtStart: [0.5, 1, 1.5] }, runs: [{ loadAverageAtStart: [2, 2, 2] }] })).toHaveLength(2);
    expect(loadAverages({ machine: { nproc: 2 }, table: [] })).toEqual([]);
    expect(isLoadAverage([0.84, 0.96, 0.53])).toBe(true);
    expect(isLoadAverage([0.84, 0.96])).toBe(false);
    expect(isLoadAverage(['0.8', 1, 1])).toBe(false);
  });

  it('each record the load average at the start of their run', () => {
    const files = filesUnder('bench/results', /\.json$/);
    const unmarked = files.filter((file) => {
      const found = loadAverages(JSON.parse(readFileSync(join(ROOT, file), 'utf8')));
      return found.length === 0 || !found.every(isLoadAverage);
    });
    expect(unmarked).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
  });
});
