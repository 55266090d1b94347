import { defineConfig } from 'vitest/config';

/**
 * The unit loop (`npm run test:unit`): domain rules, use cases on the fakes, architecture tests and
 * the port contracts run against the fakes. Nothing here reaches PostgreSQL or builds the service, so
 * there is no global set-up; `vitest.config.ts` stays the whole suite.
 */
export default defineConfig({
  test: {
    include: ['test/domain/**/*.test.ts', 'test/application/**/*.test.ts', 'test/architecture/**/*.test.ts', 'test/contracts/**/*.fake.test.ts'],
    // These three compile or pack the published packages (tsc, npm pack): build checks, not rules, and
    // most of a minute on their own. `npm test` runs them.
    exclude: ['test/architecture/domain-package.test.ts', 'test/architecture/webhooks-package.test.ts', 'test/architecture/package-contents.test.ts'],
    pool: 'threads',
    // One worker runs many files: the shared modules (domain, fakes) load once per worker, not per file.
    // Safe because these tests keep no module-level state (each builds its own world).
    isolate: false,
    testTimeout: 30_000,
    reporters: ['default'],
  },
});
