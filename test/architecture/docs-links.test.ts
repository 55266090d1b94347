import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, ROOT } from '../support/source-files.js';

/** The README and every page under docs/, as absolute paths. */
const pages = (): string[] => [join(ROOT, 'README.md'), ...filesUnder('docs', /\.md$/).map((file) => join(ROOT, file))];

/** Every relative link of the README and docs/ names a file that exists (so the docs cannot point nowhere). */
describe('documentation links', () => {
  it('resolve to files in the repository', () => {
    const files = pages();
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
    for (const file of pages()) {
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
