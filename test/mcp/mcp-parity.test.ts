import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MOVE_TOOLS } from '../../adapters/mcp/confirmation/money-moves.js';
import { EXCLUDED_OPERATIONS, OPERATION_META } from '../../adapters/mcp/operations/tool-catalogue.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { connectAssistant, listen } from './support.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `$ref`s resolved, so a tool's (self-contained) schema can be compared with the document's. */
const resolve = (doc: any, node: any): any => {
  if (Array.isArray(node)) return node.map((n) => resolve(doc, n));
  if (typeof node !== 'object' || node === null) return node;
  if (typeof node.$ref === 'string') {
    const [, , section, name] = node.$ref.split('/');
    return resolve(doc, doc.components[section][name]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(doc, v)]));
};

/** The parts of a schema that constrain a value: type, enum, ranges, lengths, formats, patterns, defaults, description. */
const constraints = (schema: any): any => {
  if (typeof schema !== 'object' || schema === null) return schema;
  const keep = ['type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'default', 'description', 'minItems', 'maxItems'];
  const out: any = {};
  for (const key of keep) if (schema[key] !== undefined) out[key] = schema[key];
  if (schema.items) out.items = constraints(schema.items);
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, constraints(v)]));
  return out;
};

describe('assistant tools: one per operation of the public API', () => {
  let t: TestService;
  let http: { baseUrl: string; close(): Promise<void> };
  let merchant: TestMerchant;
  let client: Client;
  let doc: any;
  let tools: Tool[];

  beforeAll(async () => {
    t = await startTestService();
    http = await listen(t);
    merchant = await createMerchant(t, 'scale');
    client = await connectAssistant(http.baseUrl, merchant.liveKey);
    doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
    await http?.close();
    await t?.close();
  });

  const operations = () =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      item.servers ? [] : METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m, path, op: item[m] })),
    );
  const toolOf = (key: string) => tools.find((tool) => tool._meta?.[OPERATION_META] === key);

  it('has a tool for every operation, or names the operation in the exclusion list with a reason', () => {
    const missing = operations().filter(({ key }) => !toolOf(key) && !EXCLUDED_OPERATIONS[key]);
    expect(missing.map((o) => o.key)).toEqual([]);
    for (const [key, reason] of Object.entries(EXCLUDED_OPERATIONS)) {
      expect(operations().some((o) => o.key === key), `${key} is excluded but is not an operation`).toBe(true);
      expect(toolOf(key), `${key} is excluded but has a tool`).toBeUndefined();
      expect(reason.length).toBeGreaterThan(20);
    }
    // No two tools answer one operation; names are unique and valid.
    const mirrored = tools.map((tool) => tool._meta?.[OPERATION_META]).filter(Boolean);
    expect(new Set(mirrored).size).toBe(mirrored.length);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const tool of tools) expect(tool.name).toMatch(/^[a-z0-9_]{1,64}$/);
  });

  it('keeps the spec tools and the program tools by name, each answering its operation', () => {
    expect(tools.slice(0, 7).map((tool) => tool.name)).toEqual(['create_conversion', 'update_conversion', 'get_program_overview', 'search', 'fetch', 'update_campaign', 'update_affiliate']);
    expect(toolOf('POST /conversions')?.name).toBe('create_conversion');
    expect(toolOf('PATCH /conversions/{id}')?.name).toBe('update_conversion');
    expect(toolOf('GET /stats/overview')?.name).toBe('get_program_overview');
    expect(toolOf('GET /search')?.name).toBe('search');
  });

  it("gives each generated tool the operation's parameters and body fields, with their constraints, and its success schema", () => {
    for (const { key, method, op } of operations()) {
      const tool = toolOf(key);
      if (!tool || ['create_conversion', 'update_conversion', 'get_program_overview', 'search', 'update_campaign', 'update_affiliate'].includes(tool.name)) continue;
      const expected: Record<string, any> = {};
      const required: string[] = [];
      for (const raw of op.parameters ?? []) {
        const p = resolve(doc, raw);
        if (p.in !== 'path' && p.in !== 'query') continue;
        expected[p.name] = constraints({ ...p.schema, description: p.schema.description ?? p.description });
        if (p.in === 'path' || p.required) required.push(p.name);
      }
      const body = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
      const shapes: any[] = body ? (body.anyOf ?? [body]) : [];
      for (const shape of shapes) {
        for (const [name, schema] of Object.entries<any>(shape.properties ?? {})) {
          expected[name] = constraints(schema);
          if (shapes.length === 1 && shape.required?.includes(name)) required.push(name);
        }
      }
      if (shapes.length > 1) expect(tool.inputSchema.anyOf, key).toEqual(shapes.map((shape) => ({ required: shape.required ?? [] })));
      // A money move takes its preview's token besides the operation's arguments.
      const { confirmationToken, ...own } = constraints(tool.inputSchema).properties ?? {};
      if (MONEY_MOVE_TOOLS.includes(tool.name as never)) expect(confirmationToken, key).toMatchObject({ type: 'string' });
      else expect(confirmationToken, key).toBeUndefined();
      expect(own, key).toEqual(expected);
      expect(tool.inputSchema.required ?? [], key).toEqual(required);
      expect(tool.inputSchema.additionalProperties, key).toBe(false);

      const ok = Object.entries<any>(op.responses).find(([status]) => status.startsWith('2'))![1];
      const success = resolve(doc, ok).content?.['application/json']?.schema;
      const output = MONEY_MOVE_TOOLS.includes(tool.name as never) ? (tool.outputSchema as any)?.anyOf?.[0] : tool.outputSchema;
      if (success) expect(constraints(output), key).toEqual(constraints(resolve(doc, success)));
      else expect(output, key).toBeUndefined();

      const a = tool.annotations!;
      expect(a.readOnlyHint, key).toBe(method === 'get');
      if (method === 'get') expect(a).toMatchObject({ destructiveHint: false, idempotentHint: true });
      if (method === 'patch' || method === 'put' || method === 'delete' || MONEY_MOVE_TOOLS.includes(tool.name as never)) expect(a.destructiveHint, key).toBe(true);
      expect(tool.description, key).toContain(`/api/v1${key.slice(key.indexOf(' ') + 1)}`);
    }
  });

  it('offers list tools with the API filters and pagination', () => {
    const props = (name: string) => Object.keys(tools.find((tool) => tool.name === name)!.inputSchema.properties ?? {});
    expect(props('list_conversions')).toEqual(expect.arrayContaining(['status', 'campaignId', 'affiliateId', 'from', 'to', 'page', 'limit']));
    expect(props('list_affiliates')).toEqual(expect.arrayContaining(['status', 'campaignId', 'page', 'limit']));
    expect(props('list_payouts')).toEqual(expect.arrayContaining(['status', 'affiliateId', 'from', 'to', 'page', 'limit']));
  });

  it('documents every exclusion in docs/mcp.md', async () => {
    const text = await readFile(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
    for (const key of Object.keys(EXCLUDED_OPERATIONS)) expect(text, key).toContain(`\`${key}\``);
  });
});
