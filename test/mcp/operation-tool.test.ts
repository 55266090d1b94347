import { describe, expect, it } from 'vitest';
import { apiOperations } from '../../adapters/mcp/operations/api-operations.js';
import { operationTool } from '../../adapters/mcp/operations/operation-tool.js';
import type { ApiRequest, ToolContext } from '../../adapters/mcp/tool.js';

/** A document with operations a future route might add: a body that is a map, a body field named like a path parameter. */
const doc = {
  paths: {
    '/widgets/{id}/labels': {
      put: {
        operationId: 'putWidgetsByIdLabels',
        summary: 'Replace labels',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', additionalProperties: { type: 'string' } } } } },
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ok' } } } } },
      },
    },
    '/widgets/{id}': {
      patch: {
        operationId: 'patchWidgetsById',
        summary: 'Rename',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', example: 'x' } } } } } },
        responses: { 204: { description: 'done' } },
      },
    },
  },
  components: { schemas: { Ok: { type: 'object', properties: { data: { type: 'object', properties: { ok: { type: 'boolean' } } } }, example: { data: { ok: true } } } } },
};

const recording = () => {
  const sent: ApiRequest[] = [];
  const ctx = { dispatch: async (request: ApiRequest) => (sent.push(request), new Response(JSON.stringify({ data: { ok: true } }), { headers: { 'content-type': 'application/json' } })) };
  return { sent, ctx: ctx as unknown as ToolContext };
};

describe('a generated tool for an operation added later', () => {
  const [labels, rename] = apiOperations(doc).map((op) => operationTool(doc, op));

  it('takes a body it cannot spread into fields as one `body` argument, and sends it as the body', async () => {
    expect(labels!.name).toBe('put_widgets_by_id_labels');
    expect(labels!.definition.inputSchema).toMatchObject({ properties: { id: { type: 'string' }, body: { type: 'object' } }, required: ['id', 'body'] });
    expect(labels!.definition.outputSchema).toEqual({ type: 'object', properties: { data: { type: 'object', properties: { ok: { type: 'boolean' } } } } });
    const { sent, ctx } = recording();
    const out = await labels!.call({ id: 'w 1', body: { color: 'red' } }, ctx);
    expect(sent).toEqual([{ method: 'PUT', path: '/widgets/w%201/labels', query: new URLSearchParams(), body: { color: 'red' } }]);
    expect(out.structuredContent).toEqual({ data: { ok: true } });
  });

  it('does not let a body field shadow a path parameter, and drops OpenAPI-only keywords', () => {
    expect(rename!.definition.inputSchema.properties).toEqual({ id: { type: 'string' }, body: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, additionalProperties: false } });
    expect(rename!.definition.outputSchema).toBeUndefined();
  });

  it('refuses unknown arguments and a missing path parameter before sending anything', async () => {
    const { sent, ctx } = recording();
    const out = await labels!.call({ body: {}, colour: 'red' }, ctx);
    expect(out.isError).toBe(true);
    expect(JSON.parse((out.content[0] as { text: string }).text).error.details).toEqual([
      { field: 'colour', message: 'is not a known field' },
      { field: 'id', message: 'Required' },
    ]);
    expect(sent).toEqual([]);
  });
});
