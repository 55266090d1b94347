import type { Json } from '../../http/openapi/json.js';

/** OpenAPI-only keywords that are not JSON Schema: a tool's schema leaves them out. */
const OPENAPI_ONLY = new Set(['example', 'discriminator', 'xml', 'externalDocs']);

/**
 * A schema of the OpenAPI document as a self-contained JSON Schema for a tool: every
 * `#/components/schemas/…` reference replaced by its definition, OpenAPI-only keywords and `x-`
 * extensions dropped. The route schemas are not recursive; a reference met again inside itself
 * would be, and is refused rather than looping.
 */
export const toolSchema = (doc: Json, schema: Json, seen: readonly string[] = []): Json => {
  if (Array.isArray(schema)) return schema.map((item) => toolSchema(doc, item, seen));
  if (typeof schema !== 'object' || schema === null) return schema;
  if (typeof schema.$ref === 'string') {
    const ref: string = schema.$ref;
    if (seen.includes(ref)) throw new Error(`recursive schema ${ref} cannot be inlined into a tool schema`);
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    const target = name ? doc.components?.schemas?.[name] : undefined;
    if (!target) throw new Error(`unresolved schema reference ${ref}`);
    const { $ref: _ref, ...siblings } = schema;
    return { ...toolSchema(doc, target, [...seen, ref]), ...toolSchema(doc, siblings, seen) };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(schema)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    // `properties` maps names to schemas: its keys are field names, never keywords to drop.
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries<Json>(value).map(([field, sub]) => [field, toolSchema(doc, sub, seen)])) : toolSchema(doc, value, seen);
  }
  return out;
};
