import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(join(tmpdir(), 'webhooks-build-'));

describe('the receiver helper package export (affiliate-service/webhooks)', () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('is declared in package.json with types', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.exports['./webhooks']).toEqual({ types: './dist/client/webhooks.d.ts', import: './dist/client/webhooks.js' });
  });

  it('depends on nothing but node:crypto (receivers need none of the server)', () => {
    const text = readFileSync(join(ROOT, 'client', 'webhooks.ts'), 'utf8');
    const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(imports).toEqual(['node:crypto']);
  });

  it('compiles on its own and verifies a signature once built', async () => {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(ROOT, 'tsconfig.webhooks.json'), '--outDir', outDir], { cwd: ROOT, stdio: 'pipe' });
    expect(existsSync(join(outDir, 'webhooks.d.ts'))).toBe(true);
    const helper = await import(pathToFileURL(join(outDir, 'webhooks.js')).href);
    const secret = 'ab'.repeat(32);
    const header = helper.signWebhookPayload(secret, '{"ok":true}', Date.now());
    expect(helper.verifyWebhookSignature(secret, header, '{"ok":true}')).toBe(true);
    expect(helper.verifyWebhookSignature(secret, header, '{"ok":false}')).toBe(false);
  }, 60_000);
});
