import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Most of a test's time is spent waiting on PostgreSQL or a browser, and each file has a database
    // of its own: two files at a time even on two cores (the default would run one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
