import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FieldProblem } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { closedObjects, UNKNOWN_FIELD } from '../../http/input-checks.js';
import type { Json } from '../../http/openapi/json.js';
import { failure, success, validationRefusal } from '../tool-results.js';
import type { McpTool, ToolContext } from '../tool.js';
import type { ApiOperation } from './api-operations.js';
import { toolSchema } from './json-schema.js';
import { annotationsOf, OPERATION_META, toolNameOf } from './tool-catalogue.js';

type Location = 'path' | 'query' | 'body';

/** Where each argument of the tool goes in the request: the operation's path and query parameters, then its JSON body's fields. */
interface ArgumentPlan {
  readonly locations: ReadonlyMap<string, Location>;
  readonly properties: Record<string, Json>;
  readonly required: readonly string[];
  /** A body that is one of several shapes: the fields each shape requires (the route refuses mixtures). */
  readonly alternatives: readonly (readonly string[])[];
  readonly hasBody: boolean;
  /** The body is the `body` argument as a whole, not spread into fields. */
  readonly wholeBody: boolean;
}

const BODY_ARGUMENT = 'body';

const resolveRef = (doc: Json, node: Json): Json => {
  if (typeof node?.$ref !== 'string') return node;
  const [, , section, name] = (node.$ref as string).split('/');
  return doc.components?.[section!]?.[name!];
};

const argumentPlan = (doc: Json, op: ApiOperation): ArgumentPlan => {
  const locations = new Map<string, Location>();
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const add = (name: string, location: Location, schema: Json, isRequired: boolean) => {
    // One flat argument list: a body field named like a parameter would be ambiguous, so generation refuses it.
    if (locations.has(name)) throw new Error(`${op.key}: argument "${name}" is both a ${locations.get(name)} and a ${location} field`);
    locations.set(name, location);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  for (const raw of op.operation.parameters ?? []) {
    const param = resolveRef(doc, raw);
    if (param.in !== 'path' && param.in !== 'query') continue; // headers (Idempotency-Key) are the transport's
    const schema = toolSchema(doc, param.schema ?? {});
    if (param.description && !schema.description) schema.description = param.description;
    add(param.name, param.in, schema, param.in === 'path' || param.required === true);
  }
  const bodySchema = op.operation.requestBody?.content?.['application/json']?.schema;
  const alternatives: string[][] = [];
  let wholeBody = false;
  if (bodySchema) {
    const body = toolSchema(doc, bodySchema);
    const shapes: Json[] = body.anyOf ?? body.oneOf ?? [body];
    const fields = shapes.flatMap((shape) => Object.keys(shape.properties ?? {}));
    // A body that is not one or more objects with declared fields, or whose fields are named like a
    // parameter, is one argument, `body`, holding the whole JSON body (never a broken tool list).
    const flat = shapes.every((shape) => shape.type === 'object' && shape.properties) && fields.every((name) => !locations.has(name)) && !locations.has(BODY_ARGUMENT);
    if (!flat) {
      wholeBody = true;
      add(BODY_ARGUMENT, 'body', body, op.operation.requestBody?.required === true);
    } else if (shapes.length === 1) {
      const bodyRequired = new Set<string>(body.required ?? []);
      for (const [name, schema] of Object.entries<Json>(body.properties)) add(name, 'body', schema, bodyRequired.has(name));
    } else {
      // One of several shapes: every shape's fields are arguments, and the schema requires one shape's set.
      for (const shape of shapes) {
        for (const [name, schema] of Object.entries<Json>(shape.properties)) if (!locations.has(name)) add(name, 'body', schema, false);
        alternatives.push([...(shape.required ?? [])]);
      }
    }
  }
  return { locations, properties, required, alternatives, hasBody: Boolean(bodySchema), wholeBody };
};

/** The JSON success schemas of the operation, as one object schema (the structured content is the API's body as sent). */
const outputSchemaOf = (doc: Json, op: ApiOperation): Tool['outputSchema'] | undefined => {
  const schemas = Object.entries<Json>(op.operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => resolveRef(doc, response).content?.['application/json']?.schema)
    .filter(Boolean)
    .map((schema) => toolSchema(doc, schema));
  const distinct = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema])).values()];
  if (distinct.length === 0 || distinct.some((schema) => schema.type !== 'object')) return undefined;
  return distinct.length === 1 ? distinct[0] : { type: 'object', anyOf: distinct };
};

const sentence = (text: string | undefined): string => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' || /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** Response headers that carry part of the answer (`X-Payout-Ids` of an export), beside the transport's own. */
const TRANSPORT_HEADERS = /^x-(api-version|request-id|ratelimit-.*)$/;

const answerOf = async (response: Response): Promise<CallToolResult> => {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    let body: { error?: { code?: unknown; message?: unknown; details?: FieldProblem[] } } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = body?.error;
    if (error && typeof error.code === 'string') return failure(new ApiError(error.code, String(error.message), error.details));
    return failure(new ApiError('internal_error', `The API answered HTTP ${response.status}`));
  }
  if (type.includes('application/json')) return success(JSON.parse(text));
  const extra = [...response.headers].filter(([name]) => name.startsWith('x-') && !TRANSPORT_HEADERS.test(name));
  return {
    content: [
      { type: 'text', text },
      ...(extra.length > 0 ? [{ type: 'text' as const, text: JSON.stringify({ contentType: type, headers: Object.fromEntries(extra) }) }] : []),
    ],
  };
};

const queryText = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(queryText) : [typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)];

/**
 * A tool generated from one operation of the public OpenAPI document: its arguments are the
 * operation's path and query parameters and body fields (their schemas, enums, ranges, formats and
 * descriptions as the document gives them), and a call is that request, dispatched in-process
 * through the API as the caller, so the route's own validation, guards, use case and audit answer it.
 */
export const operationTool = (doc: Json, op: ApiOperation, available: (name: string) => boolean = () => true): McpTool => {
  const plan = argumentPlan(doc, op);
  const { operation } = op;
  const name = toolNameOf(op.key, operation.operationId, available);
  const outputSchema = outputSchemaOf(doc, op);
  const definition: Tool = {
    name,
    title: operation.summary,
    description: [sentence(operation.summary), sentence(operation.description), `Calls ${op.method.toUpperCase()} /api/v1${op.path}.`].filter(Boolean).join(' '),
    inputSchema: closedObjects({
      type: 'object',
      properties: plan.properties,
      ...(plan.required.length > 0 ? { required: [...plan.required] } : {}),
      ...(plan.alternatives.length > 0 ? { anyOf: plan.alternatives.map((names) => ({ required: names })) } : {}),
    }),
    ...(outputSchema ? { outputSchema } : {}),
    annotations: { title: operation.summary, ...annotationsOf(op.key, op.method) },
    _meta: { [OPERATION_META]: op.key },
  };

  const call = async (rawArgs: unknown, ctx: ToolContext): Promise<CallToolResult> => {
    const args = (typeof rawArgs === 'object' && rawArgs !== null && !Array.isArray(rawArgs) ? rawArgs : {}) as Record<string, unknown>;
    const problems: FieldProblem[] = [];
    for (const key of Object.keys(args)) if (!plan.locations.has(key)) problems.push({ field: key, message: UNKNOWN_FIELD });
    let path = op.path;
    const query = new URLSearchParams();
    const body: Record<string, unknown> = {};
    let sentBody: unknown = body;
    for (const [key, location] of plan.locations) {
      const value = args[key];
      if (location === 'path') {
        if (value === undefined || value === null || value === '') problems.push({ field: key, message: 'Required' });
        else path = path.replace(`{${key}}`, encodeURIComponent(String(value)));
      } else if (value !== undefined) {
        if (location === 'query') for (const text of queryText(value)) query.append(key, text);
        else if (plan.wholeBody) sentBody = value;
        else body[key] = value;
      }
    }
    // What the route's schema would say of these problems, said before anything is sent.
    if (problems.length > 0) return validationRefusal(problems);
    const response = await ctx.dispatch({ method: op.method.toUpperCase(), path, query, ...(plan.hasBody ? { body: sentBody } : {}) });
    return answerOf(response);
  };

  return { name, mirrors: op.key, definition, call };
};
