import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project's root, for the architecture tests that read its sources. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** The TypeScript files under `dir` (relative to the root), as root-relative paths. */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
