import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const sourceFiles = (dir: string): string[] => {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
};

const parsed = (file: string) => ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);

const visit = (node: ts.Node, each: (node: ts.Node) => void): void => {
  each(node);
  node.forEachChild((child) => visit(child, each));
};

const propertyName = (p: ts.ObjectLiteralElementLike): string | undefined =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/** Where an API key may be built: issuing one, and the key repository's row mapper. */
const KEY_BUILDERS = new Set(['application/api-keys/issue-api-key.ts', 'adapters/persistence/mappers/api-key.mapper.ts']);

const LAYERS = ['application', 'adapters', 'bootstrap'];

describe('actors', () => {
  it('builds no API-key-shaped object outside issuing keys and the key repository: callers are actors, never fake keys', () => {
    const builders: string[] = [];
    for (const file of LAYERS.flatMap(sourceFiles)) {
      if (KEY_BUILDERS.has(file)) continue;
      visit(parsed(file), (node) => {
        if (!ts.isObjectLiteralExpression(node)) return;
        const names = new Set(node.properties.map(propertyName));
        // What only a stored key has: its secret's hash, or its lookup prefix beside who created it.
        if (names.has('secretHash') || (names.has('lookup') && names.has('createdBy'))) builders.push(`${file}: ${node.getText().slice(0, 80)}`);
      });
    }
    expect(builders).toEqual([]);
  });

  it('has no use case take a key where it means an actor', () => {
    const keyed = sourceFiles('application').filter((file) => /Pick<ApiKey\b/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(keyed).toEqual([]);
  });

  it('has no port take an AuditEntry but AuditLog: a use case writes its own audit row through it', () => {
    const carriers: string[] = [];
    for (const file of sourceFiles('application/ports')) {
      visit(parsed(file), (node) => {
        if (!ts.isInterfaceDeclaration(node) || node.name.text === 'AuditLog') return;
        for (const member of node.members) {
          if (!ts.isMethodSignature(member)) continue;
          if (member.parameters.some((p) => p.type && /\bAuditEntry\b/.test(p.type.getText()))) carriers.push(`${node.name.text}.${member.name.getText()}`);
        }
      });
    }
    expect(carriers).toEqual([]);
  });

  it('has no use case take an HTTP-built AuditEntry: it takes the actor and the request origin', () => {
    const takers: string[] = [];
    for (const file of sourceFiles('application').filter((f) => !f.startsWith('application/ports/'))) {
      visit(parsed(file), (node) => {
        if (!ts.isMethodDeclaration(node) || !ts.isClassDeclaration(node.parent)) return;
        if (node.parameters.some((p) => p.type && /\bAuditEntry\b/.test(p.type.getText()))) takers.push(`${file}: ${node.name.getText()}`);
      });
    }
    expect(takers).toEqual([]);
  });
});
