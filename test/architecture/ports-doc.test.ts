import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/source-files.js';

const ARCHITECTURE = 'docs/architecture.md';

/** `RawNotification` is the notification as it arrived (a value with a header accessor), not a port. */
const VALUES = new Set(['RawNotification']);

/** Every exported interface of application/ports/ with a method: the ports, each with its file name. */
const portsInSource = (): Map<string, string> => {
  const ports = new Map<string, string>();
  for (const file of sourceFiles('application/ports')) {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild((node) => {
      const exported = ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported || !ts.isInterfaceDeclaration(node) || VALUES.has(node.name.text)) return;
      if (node.members.some((member) => ts.isMethodSignature(member))) ports.set(node.name.text, relative('application/ports', file));
    });
  }
  return ports;
};

interface PortRow {
  readonly port: string;
  readonly file: string;
  readonly adapters: string;
  readonly fake: string;
}

/** The rows of the "Ports and their adapters" table: "| `Port` (`file.ts`) | what for | adapters | fake |". */
const portRows = (text: string): PortRow[] => {
  const section = text.split('\n## Ports and their adapters')[1]!.split('\n## ')[0]!;
  return section.split('\n').flatMap((line) => {
    const match = /^\| `(\w+)` \(`([\w.-]+)`\) \| (.*) \| (.*) \| (.*) \|\s*$/.exec(line);
    return match ? [{ port: match[1]!, file: match[2]!, adapters: match[4]!, fake: match[5]! }] : [];
  });
};

const declaredNames = (dirs: readonly string[], pattern: RegExp): Set<string> =>
  new Set(dirs.flatMap(sourceFiles).flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(pattern)].map((m) => m[1]!)));

const identifiers = (cell: string): string[] => [...cell.matchAll(/`([A-Z][a-z]\w*)`/g)].map((m) => m[1]!);

describe('the ports table of docs/architecture.md', () => {
  const rows = portRows(readFileSync(join(ROOT, ARCHITECTURE), 'utf8'));

  it('has one row for every port of application/ports/, naming its file, and no other', () => {
    const ports = portsInSource();
    expect([...ports.keys()].filter((port) => !rows.some((r) => r.port === port))).toEqual([]);
    expect(rows.filter((r) => ports.get(r.port) !== r.file).map((r) => `${r.port} (${r.file})`)).toEqual([]);
    expect(rows.map((r) => r.port).filter((p, i, all) => all.indexOf(p) !== i)).toEqual([]);
    expect(ports.size).toBeGreaterThan(60);
  });

  it('names adapters that exist', () => {
    const declared = declaredNames(['adapters', 'application'], /export (?:class|interface) (\w+)/g);
    const unknown = rows.flatMap((r) => identifiers(r.adapters).filter((name) => !declared.has(name)).map((name) => `${r.port}: ${name}`));
    expect(unknown).toEqual([]);
    expect(rows.flatMap((r) => identifiers(r.adapters)).length).toBeGreaterThan(70);
  });

  it("names every in-memory fake of test/fakes/ on its port's row", () => {
    const fakes = sourceFiles('test/fakes').flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/export class (\w+)(?:<[^>]*>)? implements ([\w, ]+)/g)].flatMap((m) =>
        m[2]!.split(',').map((port) => ({ fake: m[1]!, port: port.trim() })),
      ),
    );
    const ports = portsInSource();
    const unnamed = fakes.filter((f) => ports.has(f.port) && !rows.some((r) => r.port === f.port && identifiers(r.fake).includes(f.fake)));
    expect(unnamed.map((f) => `${f.fake} implements ${f.port}`)).toEqual([]);
  });
});

describe('the architecture, endpoints and state-machine docs', () => {
  it('name only source files that exist', () => {
    const missing = [ARCHITECTURE, 'docs/endpoints.md', 'docs/state-machines.md'].flatMap((doc) =>
      [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/`((?:domain|application|adapters|bootstrap|test|bench|client)\/[\w./-]+\.(?:ts|tsx|js|md))`/g)]
        .map((m) => m[1]!)
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
