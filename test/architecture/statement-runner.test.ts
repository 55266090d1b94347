import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.js';

const RUNNER = 'adapters/persistence/statements.ts';

const PRODUCTION = [...sourceFiles('adapters'), ...sourceFiles('bootstrap'), ...sourceFiles('application')];

/** `file:line` of every match outside the files allowed to have it. */
const matchesOutside = (pattern: RegExp, allowed: readonly string[] = [RUNNER]) =>
  PRODUCTION.filter((file) => !allowed.includes(file)).flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return [...text.matchAll(pattern)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0].trim()}`);
  });

/**
 * One way a statement reaches PostgreSQL (docs/architecture.md): the runner owns the pool and the one
 * scope; everything else asks it for `currentDb`/`poolDb` and runs SQL there.
 */
describe('one statement runner', () => {
  it('keeps the only AsyncLocalStorage in the runner', () => {
    expect(matchesOutside(/\bAsyncLocalStorage\b/g)).toEqual([]);
  });

  it('opens the only `pg` pool in the runner, and nothing captures MikroORM`s', () => {
    expect(matchesOutside(/new\s+(pg\.)?Pool\s*\(|\bpgPool\s*\(|onPoolCreated|getNativeClient\s*\(/g)).toEqual([]);
  });

  it('imports `pg` (whose `.query(` is a raw statement) only in the runner and two single-purpose clients', () => {
    // The runner's pooled connection as Kysely sees it and its read lanes; the change feed holds one
    // LISTEN connection; the embedded server's admin client creates the database.
    const clients = [
      'adapters/persistence/pipelined-client.ts',
      'adapters/persistence/read-lanes.ts',
      'adapters/persistence/pg-change-feed.ts',
      'adapters/database/embedded-postgres-server.ts',
    ];
    expect(matchesOutside(/from\s+'pg(-pool)?'/g, [RUNNER, ...clients])).toEqual([]);
  });

  it('leaves transactions and contexts to the runner, not to entity managers', () => {
    expect(matchesOutside(/\bTransactionContext\b|\bRequestContext\b|\.transactional\s*\(|\bem\.fork\s*\(|getKysely\s*\(/g)).toEqual([]);
  });

  it('touches no private field of a library (no assignment through a cast)', () => {
    expect(matchesOutside(/\(this as unknown as \{[^}]*\}\)\.\w+\s*=/g, [])).toEqual([]);
  });
});
