import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { openApiDocuments } from '../../adapters/http/openapi/document.js';

/**
 * The contract check: a response is compared with the OpenAPI document the app serves (status,
 * headers, body). Objects are closed for the check (`unevaluatedProperties: false`), so a field the
 * code sends but the document does not declare is a mismatch too. `test-service.ts` runs it on every
 * response when `CONTRACT_CHECK=1` (set by `npm test`, and so by CI).
 */

/** The document is untyped JSON. */
type Json = any;

const addFormats = ((addFormatsModule as Json).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export const contractCheckEnabled = (): boolean => process.env.CONTRACT_CHECK === '1';

interface Operation {
  readonly doc: string;
  readonly template: string;
  readonly method: string;
  readonly op: Json;
}

interface Candidate {
  readonly doc: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly params: number;
  readonly item: Json;
}

/** Closes every object schema not inside an `allOf` (there the parent closes over all its members). */
const close = (schema: Json, closeHere: boolean): Json => {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Json = { ...schema };
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, close(v, true)]));
  if (out.items && typeof out.items === 'object') out.items = close(out.items, true);
  if (Array.isArray(out.prefixItems)) out.prefixItems = out.prefixItems.map((s: Json) => close(s, true));
  if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = close(out.additionalProperties, true);
  for (const key of ['anyOf', 'oneOf']) if (Array.isArray(out[key])) out[key] = out[key].map((s: Json) => close(s, true));
  if (Array.isArray(out.allOf)) out.allOf = out.allOf.map((s: Json) => close(s, false));
  const objectLike = out.properties || out.$ref || out.allOf;
  if (closeHere && objectLike && out.additionalProperties === undefined && out.unevaluatedProperties === undefined) {
    out.unevaluatedProperties = false;
  }
  return out;
};

/** `#/components/schemas/X` → `<id>#/$defs/X`, so a compiled fragment resolves into its document. */
const rebase = (node: Json, id: string): Json => {
  if (Array.isArray(node)) return node.map((n) => rebase(n, id));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', `${id}#/$defs/`) : rebase(value, id);
  }
  return out;
};

const templatePattern = (full: string): RegExp =>
  new RegExp(`^${full.split(/(\{[^}]+\})/).map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('')}$`);

const joinPath = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;

/** The path part of a server URL (the documents' servers are absolute). */
const serverPath = (url: string): string => new URL(url, 'http://service.invalid').pathname.replace(/\/$/, '');

export class ContractChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly docs: Record<string, Json>;
  private readonly candidates: Candidate[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(app: OpenAPIHono<Json>) {
    const { public: pub, admin } = openApiDocuments(app);
    this.docs = { public: pub, admin };
    for (const [name, doc] of Object.entries(this.docs)) {
      const id = `urn:openapi:${name}`;
      const defs = Object.fromEntries(Object.entries<Json>(doc.components?.schemas ?? {}).map(([k, v]) => [k, rebase(close(v, false), id)]));
      this.ajv.addSchema({ $id: id, $defs: defs });
      for (const [template, item] of Object.entries<Json>(doc.paths ?? {})) {
        const base = serverPath(item.servers?.[0]?.url ?? doc.servers?.[0]?.url ?? '');
        const full = joinPath(base, template);
        this.candidates.push({ doc: name, template, pattern: templatePattern(full), params: (template.match(/\{/g) ?? []).length, item });
      }
    }
  }

  /** The documented operation a request reaches, if any (the most literal template wins). */
  operation(method: string, path: string): Operation | null {
    const m = method.toLowerCase();
    const bare = path.split('?')[0]!;
    const matches = this.candidates.filter((c) => c.item[m] && c.pattern.test(bare)).sort((a, b) => a.params - b.params);
    const best = matches[0];
    return best ? { doc: best.doc, template: best.template, method: m, op: best.item[m] } : null;
  }

  private resolve(doc: string, node: Json): Json {
    let current = node;
    for (let i = 0; current?.$ref && i < 10; i += 1) {
      const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
      current = this.docs[doc].components?.[kind!]?.[name!];
    }
    return current;
  }

  private validator(doc: string, key: string, schema: Json): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile(rebase(close(schema, true), `urn:openapi:${doc}`));
      this.compiled.set(key, fn);
    }
    return fn;
  }

  private schemaProblems(fn: ValidateFunction, value: unknown): string[] {
    if (fn(value)) return [];
    return (fn.errors ?? []).slice(0, 8).map((e) => {
      const extra = (e.params as Json)?.unevaluatedProperty ?? (e.params as Json)?.allowedValues ?? (e.params as Json)?.missingProperty;
      return `body${e.instancePath || ''} ${e.message}${extra !== undefined ? ` (${JSON.stringify(extra)})` : ''}`;
    });
  }

  private headerProblems(doc: string, declared: Json, headers: Headers): string[] {
    const problems: string[] = [];
    for (const [name, raw] of Object.entries<Json>(declared ?? {})) {
      const spec = this.resolve(doc, raw);
      const value = headers.get(name);
      if (value === null) {
        if (spec.required) problems.push(`header ${name} is missing`);
        continue;
      }
      const schema = spec.schema ?? {};
      if (schema.type === 'integer' && (!/^-?\d+$/.test(value) || (schema.minimum !== undefined && Number(value) < schema.minimum))) {
        problems.push(`header ${name}: "${value}" is not an integer ≥ ${schema.minimum ?? '-∞'}`);
      }
      if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`header ${name}: "${value}" is not one of ${schema.enum.join(', ')}`);
    }
    return problems;
  }

  /** Problems of one response against the document ([] when it conforms or the route is undocumented). */
  check(method: string, path: string, response: { status: number; headers: Headers; text: string }): string[] {
    const found = this.operation(method, path);
    if (!found) return [];
    const { doc, template, op } = found;
    const declared = op.responses?.[String(response.status)] ?? op.responses?.[`${String(response.status)[0]}XX`] ?? op.responses?.default;
    if (!declared) {
      return [`status ${response.status} is not documented (documented: ${Object.keys(op.responses ?? {}).join(', ')}); body: ${response.text.slice(0, 300)}`];
    }
    const spec = this.resolve(doc, declared);
    const problems = this.headerProblems(doc, spec.headers, response.headers);
    const content = spec.content as Record<string, Json> | undefined;
    if (!content) {
      if (response.text.length > 0) problems.push(`a body was sent where none is documented: ${response.text.slice(0, 200)}`);
      return problems;
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const media = content[type];
    if (!media) return [...problems, `content type "${type}" is not documented (documented: ${Object.keys(content).join(', ')})`];
    if (!type.includes('json') || !media.schema) return problems;
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      return [...problems, 'the body is not JSON'];
    }
    const fn = this.validator(doc, `${doc} ${found.method} ${template} ${response.status} ${type}`, media.schema);
    return [...problems, ...this.schemaProblems(fn, body)];
  }

  /** Problems of one received webhook delivery against the document's `webhooks`. */
  checkWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): string[] {
    let body: Json;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return ['the webhook body is not JSON'];
    }
    const entry = this.docs.public.webhooks?.[body?.event]?.post;
    if (!entry) return [`event "${body?.event}" is not documented under webhooks`];
    const problems: string[] = [];
    for (const param of entry.parameters ?? []) {
      if (param.in === 'header' && param.required && headers[param.name.toLowerCase()] === undefined) problems.push(`header ${param.name} is missing`);
    }
    const schema = entry.requestBody.content['application/json'].schema;
    return [...problems, ...this.schemaProblems(this.validator('public', `webhook ${body.event}`, schema), body)];
  }

  /** Every documented operation, as `METHOD <full path>`. */
  documentedOperations(): string[] {
    return this.candidates.flatMap((c) => {
      const base = serverPath((c.item.servers?.[0]?.url ?? this.docs[c.doc].servers?.[0]?.url ?? '') as string);
      return METHODS.filter((m) => c.item[m]).map((m) => `${m.toUpperCase()} ${joinPath(base, c.template)}`);
    });
  }

  document(name: 'public' | 'admin'): Json {
    return this.docs[name];
  }
}

const checkers = new WeakMap<object, ContractChecker>();
/**
 * A worker runs many files (isolate: false), each with apps of its own whose documents are mostly the
 * same: apps with the same documents share a checker, and so its compiled schemas.
 */
const byDocuments = new Map<string, ContractChecker>();

/** The checker of an app (built once per app, or per documents). */
export const contractChecker = (app: OpenAPIHono<Json>): ContractChecker => {
  let checker = checkers.get(app);
  if (!checker) {
    const key = createHash('sha256').update(JSON.stringify(openApiDocuments(app))).digest('hex');
    checker = byDocuments.get(key) ?? new ContractChecker(app);
    byDocuments.set(key, checker);
    checkers.set(app, checker);
  }
  return checker;
};

export class ContractViolation extends Error {}

/** Throws when `CONTRACT_CHECK=1` and the response does not match the document. */
export const assertContract = (app: OpenAPIHono<Json>, method: string, path: string, response: { status: number; headers: Headers; text: string }) => {
  if (!contractCheckEnabled()) return;
  const problems = contractChecker(app).check(method, path, response);
  if (problems.length > 0) {
    throw new ContractViolation(`${method} ${path} → ${response.status} does not match the OpenAPI document:\n  - ${problems.join('\n  - ')}`);
  }
};
