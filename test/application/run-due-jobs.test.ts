import { describe, expect, it } from 'vitest';
import { RunDueJobs } from '../../application/jobs/run-due-jobs.js';
import { InMemoryJobRegistry } from '../../adapters/jobs/in-memory-job-registry.js';

const clock = { now: () => new Date('2030-01-01T00:00:00Z') };

describe('RunDueJobs', () => {
  it('answers {} when no job is registered', async () => {
    expect(await new RunDueJobs(new InMemoryJobRegistry(), clock).execute()).toEqual({});
  });

  it('runs each job once at the clock and reports its count under its name', async () => {
    const registry = new InMemoryJobRegistry();
    const seen: string[] = [];
    registry.register({ name: 'a', runDue: async (now) => (seen.push(`a@${now.toISOString()}`), 2) });
    registry.register({ name: 'b', runDue: async () => (seen.push('b'), 0) });
    expect(await new RunDueJobs(registry, clock).execute()).toEqual({ a: 2, b: 0 });
    expect(seen).toEqual(['a@2030-01-01T00:00:00.000Z', 'b']);
  });
});
