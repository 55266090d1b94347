import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';

const ROOT = resolve(import.meta.dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });

describe('DI tokens', () => {
  it('are all defined in bootstrap/tokens.ts', () => {
    const elsewhere = sourceFiles('bootstrap').filter((file) => file !== join('bootstrap', 'tokens.ts') && /\bSymbol\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(elsewhere).toEqual([]);
  });

  it('are told apart by their descriptions too, so a resolution error names one token', () => {
    const descriptions = Object.values(TOKENS).map((token) => token.description);
    expect(descriptions.filter((d, i) => descriptions.indexOf(d) !== i)).toEqual([]);
  });
});
