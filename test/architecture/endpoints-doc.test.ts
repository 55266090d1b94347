import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { offlineOpenApiDocuments } from '../../bootstrap/openapi-export.js';
import { ROOT, sourceFiles } from '../support/source-files.js';

const DOC = 'docs/endpoints.md';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `GET /api/v1/campaigns/{id}`: each operation with the prefix it is served under (none for the bare-base ones). */
const documentedEndpoints = (): string[] => {
  const documents = offlineOpenApiDocuments();
  return (
    [
      [documents.public, '/api/v1'],
      [documents.admin, '/admin/v1'],
    ] as const
  ).flatMap(([doc, prefix]) =>
    Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${item.servers ? '' : prefix}${path}`),
    ),
  );
};

interface Row {
  readonly endpoint: string;
  readonly cells: readonly string[];
}

/** Table rows whose first cell is an endpoint, with their cells (Domain rule, Use case, Route, Adapters). */
const tableRows = (text: string): Row[] =>
  text.split('\n').flatMap((line) => {
    const match = /^\| `([A-Z]+ \/[^`]*)` \|(.*)\|\s*$/.exec(line);
    return match ? [{ endpoint: match[1]!, cells: match[2]!.split(' | ').map((c) => c.trim()) }] : [];
  });

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const isPath = (token: string) => /^[a-z][\w-]*\/[\w./-]+\.(ts|tsx|js)$/.test(token);

/** Names declared in a file: exported functions, constants, classes, interfaces, and class methods. */
const declares = (file: string, name: string): boolean => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const [owner, member] = name.split('.');
  const exported = new RegExp(`export (async )?(const|function|class|interface|type) ${owner}\\b`).test(text);
  return exported && (member === undefined || new RegExp(`^\\s+(async )?${member}[(<]`, 'm').test(text));
};

/** Every `Name` or `Name.method` listed right before a `(path)`, with that path: "`a`, `b` (`domain/x.ts`)". */
const namesWithTheirFile = (cell: string): { name: string; file: string }[] =>
  [...cell.matchAll(/((?:`[\w.]+`(?:, | or )?)+) \(`([^`]+)`\)/g)].flatMap((m) =>
    backticked(m[1]!).map((name) => ({ name, file: m[2]! })),
  );

const EXPORTED_CLASSES = new Set(
  [...sourceFiles('adapters'), ...sourceFiles('application')].flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/export class (\w+)/g)].map((m) => m[1]!),
  ),
);

describe('docs/endpoints.md', () => {
  const rows = tableRows(readFileSync(join(ROOT, DOC), 'utf8'));

  it('has one row for every operation of the public and operator OpenAPI documents, and no other', () => {
    const documented = documentedEndpoints();
    const listed = rows.map((r) => r.endpoint);
    expect(documented.filter((e) => !listed.includes(e))).toEqual([]);
    expect(listed.filter((e) => !documented.includes(e))).toEqual([]);
    expect(listed.filter((e, i) => listed.indexOf(e) !== i)).toEqual([]);
    expect(documented.length).toBeGreaterThan(90);
  });

  it('names only files that exist', () => {
    const missing = rows.flatMap((r) => r.cells.flatMap(backticked).filter(isPath).filter((p) => !existsSync(join(ROOT, p))).map((p) => `${r.endpoint}: ${p}`));
    expect(missing).toEqual([]);
  });

  it('names functions and use cases that the named files declare', () => {
    const named = rows.flatMap((r) => r.cells.slice(0, 2).flatMap(namesWithTheirFile).map((n) => ({ ...n, endpoint: r.endpoint })));
    const undeclared = named.filter((n) => isPath(n.file) && existsSync(join(ROOT, n.file)) && !declares(n.file, n.name));
    expect(undeclared.map((n) => `${n.endpoint}: ${n.name} in ${n.file}`)).toEqual([]);
    expect(named.length).toBeGreaterThan(100);
  });

  it('names adapters that exist', () => {
    const unknown = rows.flatMap((r) =>
      backticked(r.cells[3] ?? '')
        .filter((token) => /^[A-Z]\w+$/.test(token) && !EXPORTED_CLASSES.has(token))
        .map((token) => `${r.endpoint}: ${token}`),
    );
    expect(unknown).toEqual([]);
  });

  it('would notice a wrong row (the checks are not vacuous)', () => {
    expect(declares('domain/affiliate/membership.ts', 'moveMembership')).toBe(true);
    expect(declares('domain/affiliate/membership.ts', 'noSuchRule')).toBe(false);
    expect(declares('application/teams/team-goals.ts', 'TeamGoals.act')).toBe(true);
    expect(declares('application/teams/team-goals.ts', 'TeamGoals.noSuchMethod')).toBe(false);
    expect(namesWithTheirFile('`a`, `b` (`domain/x.ts`); `c` (`domain/y.ts`)')).toEqual([
      { name: 'a', file: 'domain/x.ts' },
      { name: 'b', file: 'domain/x.ts' },
      { name: 'c', file: 'domain/y.ts' },
    ]);
    expect(EXPORTED_CLASSES.has('SqlConversionRepository')).toBe(true);
  });
});
