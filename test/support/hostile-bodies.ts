import fc from 'fast-check';
import { schemaOf } from './openapi-walk.js';

/**
 * Request bodies for the generated fuzz test: some drawn from an operation's schema, most
 * deliberately broken (wrong types, huge and deep values, control characters and unusual Unicode,
 * prototype keys, numbers JSON cannot hold, numeric strings with 20 decimals).
 */

export interface FuzzCase {
  readonly label: string;
  /** Sent as is (JSON text, possibly malformed). */
  readonly text: string;
}

const deepArray = (depth: number): unknown => (depth === 0 ? 1 : [deepArray(depth - 1)]);

/** Values that replace one field at a time. */
const HOSTILE_VALUES: readonly [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['huge number', 1e308],
  ['tiny number', 5e-324],
  ['huge string', 'x'.repeat(50_000)],
  ['20-decimal numeric string', '0.12345678901234567890'],
  ['long numeric string', '12345678901234567890.12345678901234567890'],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['unicode', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 中文 \u202e مرحبا'],
  ['empty string', ''],
  ['empty array', []],
  ['empty object', {}],
  ['deep array', deepArray(400)],
  ['array of huge', Array.from({ length: 2000 }, (_, i) => `v${i}`)],
];

/** Whole bodies written as text: things `JSON.stringify` cannot produce. */
const RAW_BODIES = (example: unknown): FuzzCase[] => {
  const text = JSON.stringify(example ?? {});
  const withBigNumber = text.replace(/(:\s*)-?\d+(\.\d+)?/, '$11e309');
  return [
    { label: 'prototype key', text: '{"__proto__":{"polluted":true}}' },
    { label: 'prototype key beside the example', text: text.replace(/^\{/, '{"__proto__":{"polluted":true},') },
    { label: 'constructor key', text: '{"constructor":{"prototype":{"polluted":true}}}' },
    { label: '1e309 in a number field', text: withBigNumber },
    { label: 'bare 1e309', text: '1e309' },
    { label: 'deep nesting', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { label: 'a string body', text: '"just text"' },
    { label: 'null body', text: 'null' },
    { label: 'truncated JSON', text: text.slice(0, Math.max(1, text.length - 2)) },
  ];
};

/** An arbitrary value for a JSON schema (bounded): what a careless client might send. */
const arbitraryFor = (doc: any, node: any, depth = 0): fc.Arbitrary<unknown> => {
  const schema = schemaOf(doc, node) ?? {};
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v: any) => arbitraryFor(doc, v, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.uuid());
    case 'integer':
      return fc.oneof(fc.integer(), fc.integer({ min: -5, max: 200 }));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -10, max: 1000 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 2 ? fc.constant([]) : fc.array(arbitraryFor(doc, schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 2 || !schema.properties) return fc.constant({});
      const keys = Object.keys(schema.properties);
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(doc, schema.properties[k], depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((k: string) => keys.includes(k)),
      });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
};

/** Seeded: the same cases on every run with the same seed. */
export const fuzzCases = (doc: any, bodySchema: any, example: unknown, count: number, seed: number): FuzzCase[] => {
  const base = (example && typeof example === 'object' && !Array.isArray(example) ? example : {}) as Record<string, unknown>;
  const fields = Object.keys(schemaOf(doc, bodySchema)?.properties ?? base);
  const replaced: FuzzCase[] = fields.flatMap((field) =>
    HOSTILE_VALUES.map(([label, value]) => ({ label: `${field} = ${label}`, text: JSON.stringify({ ...base, [field]: value }) })),
  );
  const generated = fc
    .sample(arbitraryFor(doc, bodySchema), { numRuns: Math.max(1, Math.ceil(count / 3)), seed })
    .map((value, i) => ({ label: `generated #${i}`, text: JSON.stringify(value) ?? 'null' }));
  // A deterministic shuffle of the field replacements, then as many as the budget allows.
  const order = fc.sample(fc.shuffledSubarray(replaced, { minLength: replaced.length, maxLength: replaced.length }), { numRuns: 1, seed })[0] ?? replaced;
  return [...RAW_BODIES(example), ...generated, ...order.slice(0, Math.max(0, count - generated.length))];
};
