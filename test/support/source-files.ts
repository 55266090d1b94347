import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project's root, for the architecture tests that read its sources. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** The files under `dir` (relative to the root; none when it does not exist) whose path `matches`, as root-relative paths. */
export const filesUnder = (dir: string, matches: RegExp): string[] => {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path, matches);
    return matches.test(path) ? [path] : [];
  });
};

/** The TypeScript files under `dir` (relative to the root), as root-relative paths. */
export const sourceFiles = (dir: string): string[] => filesUnder(dir, /\.tsx?$/);
