import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });

/** Every relative link of the README and docs/ names a file that exists (so the docs cannot point nowhere). */
describe('documentation links', () => {
  it('resolve to files in the repository', () => {
    const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const path = join(dirname(file), target);
        // A clone has only the repository: a link that climbs out of it points nowhere there.
        if (relative(ROOT, path).startsWith('..') || !existsSync(path)) broken.push(`${relative(ROOT, file)} → ${match[1]}`);
      }
      for (const match of text.matchAll(/\.\.\/shared\b[^\s)`]*/g)) broken.push(`${relative(ROOT, file)} names ${match[0]}`);
    }
    expect(broken).toEqual([]);
    expect(files.length).toBeGreaterThan(10);
  });

  it("of a page to its own headings name headings that exist", () => {
    const broken: string[] = [];
    for (const file of [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))]) {
      const text = readFileSync(file, 'utf8');
      const slugs = new Set(
        [...text.replace(/```[\s\S]*?```/g, '').matchAll(/^#+ (.+)$/gm)].map((m) =>
          m[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replaceAll(' ', '-'),
        ),
      );
      for (const match of text.matchAll(/\]\(#([^)\s]+)\)/g)) if (!slugs.has(match[1]!)) broken.push(`${relative(ROOT, file)} → #${match[1]}`);
    }
    expect(broken).toEqual([]);
  });
});
