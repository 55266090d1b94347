import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.js';

const PRODUCTION = [...sourceFiles('adapters'), ...sourceFiles('bootstrap')];

/** `file:line` of every match of a global pattern, matched against the whole text (calls span lines). */
const matches = (pattern: RegExp) =>
  PRODUCTION.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return [...text.matchAll(pattern)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0].trim()}`);
  });

describe('how SQL is written (docs/architecture.md)', () => {
  it('sends no SQL text with `?` placeholders through MikroORM (`em.execute`, `getConnection().execute`)', () => {
    expect(matches(/\.execute(<[^>]*>)?\(\s*['"`]|\bcurrentEm\(|\bem\s*\.\s*execute\b|getConnection\(\)\s*\.\s*execute\b/g)).toEqual([]);
  });

  it('uses no Kysely query builder', () => {
    expect(matches(/\.(insertInto|updateTable|selectFrom|deleteFrom|replaceInto|mergeInto)\(/g)).toEqual([]);
  });

  it('names an adapter MikroOrm… only when it uses MikroORM itself', () => {
    const misnamed = PRODUCTION.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return /export (class|const) MikroOrm/i.test(text) && !/from '@mikro-orm\//.test(text);
    });
    expect(misnamed).toEqual([]);
  });
});
