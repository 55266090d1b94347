import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/.bin/tsc');
const outDir = mkdtempSync(join(tmpdir(), 'domain-build-'));
const embedderDir = mkdtempSync(join(tmpdir(), 'domain-embedder-'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('the domain package export', () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is declared in package.json with types', () => {
    expect(pkg.exports['./domain']).toEqual({ types: './dist/domain/index.d.ts', import: './dist/domain/index.js' });
  });

  it('compiles on its own to JavaScript plus declarations that an embedder can import', async () => {
    execFileSync(TSC, ['-p', join(ROOT, 'tsconfig.domain.json'), '--outDir', outDir], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    expect(existsSync(join(outDir, 'index.d.ts'))).toBe(true);
    const domain = await import(pathToFileURL(join(outDir, 'index.js')).href);
    expect(domain.roundToMinorUnit('1.005', 'usd').toFixed(2)).toBe('1.01');
  }, 60_000);
});

/** What an embedder's own property test does with the published package: both exports, its fast-check. */
const EMBEDDER_TEST = `
import fc from 'fast-check';
import { Decimal, roundToMinorUnit } from 'affiliate-service/domain';
import { conversionArb, exactToString, type GeneratedConversion } from 'affiliate-service/domain/testing';

const samples: GeneratedConversion[] = fc.sample(conversionArb, { numRuns: 25, seed: 42 });
const exactAmounts = samples.filter(({ conversion, figures }) =>
  roundToMinorUnit(conversion.amount, conversion.currency).eq(exactToString({ units: figures.amount, scale: figures.digits })));
console.log(JSON.stringify({
  samples: samples.length,
  domainDecimals: samples.filter(({ conversion }) => conversion.amount instanceof Decimal).length,
  exactAmounts: exactAmounts.length,
}));
`;

describe('the domain testing export (fast-check arbitraries for embedders)', () => {
  afterAll(() => rmSync(embedderDir, { recursive: true, force: true }));

  it('is declared in package.json with types, with fast-check an optional peer dependency', () => {
    expect(pkg.exports['./domain/testing']).toEqual({
      types: './dist/test/arbitraries/index.d.ts',
      import: './dist/test/arbitraries/index.js',
    });
    expect(pkg.peerDependencies['fast-check']).toBeDefined();
    expect(pkg.peerDependenciesMeta['fast-check']).toEqual({ optional: true });
  });

  it('imports nothing but its own files, the domain and fast-check', () => {
    const dir = join(ROOT, 'test/arbitraries');
    const outside = readdirSync(dir).flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)]
        .map((m) => m[1] as string)
        .filter((specifier) => !/^\.\/[\w-]+\.js$/.test(specifier) && specifier !== '../../domain/index.js' && specifier !== 'fast-check')
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('compiles on its own beside the domain, and an embedder type-checks and runs a property test against both exports', () => {
    const installed = join(embedderDir, 'node_modules/affiliate-service');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: pkg.name, type: 'module', exports: pkg.exports }));
    execFileSync(TSC, ['-p', join(ROOT, 'tsconfig.domain-testing.json'), '--outDir', join(installed, 'dist')], { cwd: ROOT, stdio: 'pipe' });
    // Only the arbitraries and the domain they import: the same dist/domain the "./domain" export
    // serves, so generated values are the embedder's domain values (one Decimal class, not two).
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(['domain', 'test']);
    expect(readdirSync(join(installed, 'dist/test'))).toEqual(['arbitraries']);

    for (const dependency of ['fast-check', 'decimal.js', 'neverthrow']) {
      symlinkSync(join(ROOT, 'node_modules', dependency), join(embedderDir, 'node_modules', dependency), 'dir');
    }
    writeFileSync(join(embedderDir, 'package.json'), JSON.stringify({ name: 'embedder', type: 'module' }));
    writeFileSync(join(embedderDir, 'embedder.test.ts'), EMBEDDER_TEST);
    writeFileSync(
      join(embedderDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2023', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [], outDir: 'out' },
        files: ['embedder.test.ts'],
      }),
    );
    execFileSync(TSC, ['-p', join(embedderDir, 'tsconfig.json')], { cwd: embedderDir, stdio: 'pipe' });
    const report = JSON.parse(execFileSync(process.execPath, [join(embedderDir, 'out/embedder.test.js')], { cwd: embedderDir, encoding: 'utf8' }));
    expect(report).toEqual({ samples: 25, domainDecimals: 25, exactAmounts: 25 });
  }, 90_000);
});
