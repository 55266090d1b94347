import type { FieldProblem } from '../../domain/index.js';

/**
 * Checks every validated input gets on top of its own schema, so that no route (and no assistant
 * tool) has to remember them: unknown body fields are refused rather than silently dropped, and text
 * PostgreSQL cannot store as sent (NUL, other control characters, lone surrogates) is refused rather
 * than failing deep in a statement.
 */

export const UNKNOWN_FIELD = 'is not a known field';
export const UNSTORABLE_TEXT = 'must not contain control characters or unpaired surrogates';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const fieldName = (path: readonly (string | number)[]) => (path.length > 0 ? path.join('.') : '(root)');

/**
 * Every field of `raw` that the schema dropped from `parsed`: schemas strip what they do not know, so a
 * key the parse did not keep is one the schema does not declare. (Records keep every key; body schemas
 * never rename keys, which the generated fuzz test checks route by route.)
 */
export const unknownFields = (raw: unknown, parsed: unknown, path: (string | number)[] = []): FieldProblem[] => {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => (index < parsed.length ? unknownFields(item, parsed[index], [...path, index]) : []));
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) =>
    Object.hasOwn(parsed, key) ? unknownFields(raw[key], parsed[key], [...path, key]) : [{ field: fieldName([...path, key]), message: UNKNOWN_FIELD }],
  );
};

// Body text may hold tabs and line breaks; ids, query values and keys may not.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_ANYWHERE = /[\u0000-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const unstorable = (text: string, multiline: boolean) => (multiline ? CONTROL_IN_TEXT : CONTROL_ANYWHERE).test(text) || LONE_SURROGATE.test(text);

/** Deeper than any request schema goes; a body nested further is refused before anything walks it. */
export const MAX_NESTING = 32;
export const TOO_DEEP = `must not nest more than ${MAX_NESTING} levels`;

/**
 * Every string (and object key) under `value` that cannot be stored as sent, and any nesting deeper
 * than `MAX_NESTING`. Iterative, so a hostile depth cannot exhaust the stack.
 */
export const unstorableText = (value: unknown, multiline: boolean): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (unstorable(node, multiline)) problems.push({ field: fieldName(path), message: UNSTORABLE_TEXT });
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (path.length >= MAX_NESTING) {
      problems.push({ field: fieldName(path), message: TOO_DEEP });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((item, index) => [index, item]) : Object.entries(node);
    for (const [key, item] of entries) {
      if (typeof key === 'string' && unstorable(key, false)) problems.push({ field: fieldName([...path, JSON.stringify(key).slice(1, -1)]), message: UNSTORABLE_TEXT });
      else stack.push({ value: item, path: [...path, key] });
    }
  }
  return problems.reverse();
};

/** Control characters as `\uXXXX`, so a path or value with them can still be logged and audited. */
export const printable = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u001F\u007F]|[\uD800-\uDFFF]/g, (ch, offset: number, whole: string) => {
    const code = ch.charCodeAt(0);
    const paired =
      (code >= 0xd800 && code <= 0xdbff && /[\uDC00-\uDFFF]/.test(whole[offset + 1] ?? '')) ||
      (code >= 0xdc00 && code <= 0xdfff && /[\uD800-\uDBFF]/.test(whole[offset - 1] ?? ''));
    return paired ? ch : `\\u${code.toString(16).padStart(4, '0')}`;
  });

/** A JSON Schema whose objects refuse properties they do not declare, as the input checks above do. */
export const closedObjects = <T>(schema: T): T => {
  if (Array.isArray(schema)) return schema.map(closedObjects) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closedObjects(value)]));
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy as T;
};
