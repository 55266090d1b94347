import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the packed package', () => {
  it('carries the built file behind every export (dist/ is git-ignored but packed)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const targets = Object.values<Record<string, string>>(pkg.exports).flatMap((entry) => Object.values(entry).map((path) => path.replace(/^\.\//, '')));
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const files = new Set((packed.files as { path: string }[]).map((file) => file.path));
    expect(targets.length).toBeGreaterThanOrEqual(8);
    expect(targets.filter((target) => !files.has(target))).toEqual([]);
  }, 60_000);
});
