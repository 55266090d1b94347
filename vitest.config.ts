import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/support/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Each worker process runs many files: the service's module graph (hono, MikroORM, zod-openapi, the
    // whole app) is evaluated once per worker instead of once per file, which was about half of the
    // run. Safe because every file builds its own service on its own scratch database and closes it;
    // the few module-level caches are per app or per process and hold nothing a file asserts on.
    isolate: false,
    // A file that stubs an environment variable does not leak it into the next file of its worker.
    unstubEnvs: true,
    // Most of a test's time is spent waiting on PostgreSQL, a browser or a child process, and each file
    // has a database of its own: one file more than there are cores (three on two cores: 282 s against
    // 320 s with two; four gave nothing more).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
