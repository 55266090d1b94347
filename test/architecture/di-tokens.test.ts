import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../application/ports/logger.js';
import type { Resolver } from '../../bootstrap/token.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { ROOT, sourceFiles } from '../support/source-files.js';


const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The body of each `export const register…` function of a module file, by name. */
const registrationBodies = (file: string): [string, string][] => {
  const source = read(file);
  return [...source.matchAll(/^export const (register\w*) = [^\n]*\n([\s\S]*?)^\};/gm)].map((m) => [`${file}: ${m[1]}`, m[2] ?? '']);
};

describe('DI tokens', () => {
  it('are all made in bootstrap/tokens.ts through the typed `token` helper', () => {
    const elsewhere = sourceFiles('bootstrap').filter(
      (file) => ![join('bootstrap', 'tokens.ts'), join('bootstrap', 'token.ts')].includes(file) && /\bSymbol\(/.test(read(file)),
    );
    expect(elsewhere).toEqual([]);
    expect(read(join('bootstrap', 'tokens.ts'))).not.toMatch(/\bSymbol\(/);
  });

  it('are told apart by their descriptions too, so a resolution error names one token', () => {
    const descriptions = Object.values(TOKENS).map((token) => token.description);
    expect(descriptions.filter((d, i) => descriptions.indexOf(d) !== i)).toEqual([]);
  });

  it('are never resolved while modules register: factories resolve lazily, jobs are collected under `Job`', () => {
    const files = [join('bootstrap', 'container.ts'), ...sourceFiles(join('bootstrap', 'modules'))];
    expect(files.flatMap(registrationBodies).length).toBeGreaterThan(15);
    const eager = files.flatMap(registrationBodies).filter(([, body]) => /\bc\.resolve(All)?\(/.test(body.split('\n  // Resolved only now')[0] ?? ''));
    expect(eager.map(([name]) => name)).toEqual([]);
  });

  it('carry their type: a wrong token does not compile (checked by tsc on this file)', () => {
    const misuse = (r: Resolver): Logger => {
      // @ts-expect-error: the clock's token resolves a clock, never a logger.
      const logger: Logger = r.resolve(TOKENS.Clock);
      return logger;
    };
    expect(typeof misuse).toBe('function');
  });
});
