import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Every variable the service's code reads: `env.X`, `env['X']`, `process.env.X`. */
const variablesRead = (): Set<string> => {
  const names = new Set<string>();
  for (const file of ['bootstrap', 'adapters', 'application'].flatMap(sourceFiles)) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) names.add((m[1] ?? m[2]) as string);
  }
  return names;
};

/** The first cell of each row of the README's "Running" table, each `NAME` in it. */
const variablesDocumented = (): Set<string> => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running'));
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1] ?? '';
    for (const m of cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1] as string);
  }
  return names;
};

describe("the README's environment table", () => {
  it('names every variable the service reads, and none it does not', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(20);
    expect([...variablesDocumented()].sort()).toEqual([...read].sort());
  });
});
