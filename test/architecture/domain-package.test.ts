import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(join(tmpdir(), 'domain-build-'));

describe('the domain package export', () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is declared in package.json with types', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['./domain']).toEqual({ types: './dist/domain/index.d.ts', import: './dist/domain/index.js' });
  });

  it('compiles on its own to JavaScript plus declarations that an embedder can import', async () => {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(ROOT, 'tsconfig.domain.json'), '--outDir', outDir], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    expect(existsSync(join(outDir, 'index.d.ts'))).toBe(true);
    const domain = await import(pathToFileURL(join(outDir, 'index.js')).href);
    expect(domain.roundToMinorUnit('1.005', 'usd').toFixed(2)).toBe('1.01');
  }, 60_000);
});
