import { z } from '@hono/zod-openapi';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../http/api-error.js';
import { statusOf } from '../http/error-status.js';
import { closedObjects } from '../http/input-checks.js';
import { inputProblems, mergeProblems, toFieldProblems } from '../http/validation.js';
import { OPERATION_META } from './operations/tool-catalogue.js';
import { failure, success } from './tool-results.js';
import type { AssistantTool, McpTool, ToolCallContext, ToolContext } from './tool.js';

export const SERVER_INFO = { name: 'affiliate-service', version: '1.0.0' } as const;

const INSTRUCTIONS = [
  "Tools of one merchant's affiliate program, acting with the API key the connection was made with:",
  'a live key sees and changes live data only, a test key test data only.',
  'Results are the REST API\'s `{ data }` payloads; refusals carry `{ error: { code, message, details? } }` with the REST error codes.',
  'Money moves need the user: update_conversion, refund_conversion, mark_payouts_paid, update_team_award, set_team_overrides, ban_affiliate and update_campaign (a money term) first answer a preview (rows before and after, totals per currency) and a confirmationToken;',
  'show it to the user and only if the user agrees call again with the same arguments and the token.',
  'When update_conversion answers commission_above_sale, ask the user before resending with confirmAboveSale: true.',
].join(' ');

const describe = (tool: AssistantTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: closedObjects(toJsonSchemaCompat(tool.input, { strictUnions: true, pipeStrategy: 'input' })) as Tool['inputSchema'],
  ...(tool.output
    ? { outputSchema: toJsonSchemaCompat(tool.outputEnvelope ?? z.object({ data: tool.output }), { strictUnions: true, pipeStrategy: 'output' }) as Tool['outputSchema'] }
    : {}),
  annotations: { title: tool.title, ...tool.annotations },
});

const asObject = (args: unknown): Record<string, unknown> => (typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {});

/**
 * Guard, validate, run; a write tool appends its audit row whatever the outcome, as a REST write does,
 * unless its use case wrote the row with its change (it took `requestOrigin()` and succeeded).
 */
const call = async (tool: AssistantTool, rawArgs: unknown, ctx: ToolContext): Promise<CallToolResult> => {
  let data: unknown;
  const write = tool.write;
  const target = write?.target(asObject(rawArgs));
  // Set when the tool hands its origin to a use case that writes the call's audit row itself.
  let handed = false;
  const callCtx: ToolCallContext = {
    ...ctx,
    requestOrigin() {
      if (!write || !target) throw new Error(`${tool.name} is not a write: it has no audit row to hand over`);
      handed = true;
      return ctx.originOf(target, write.successStatus);
    },
  };
  let refusal: ApiError | null = tool.guard?.(ctx) ?? null;
  if (!refusal) {
    const args = rawArgs ?? {};
    const parsed = tool.input.safeParse(args);
    // The same checks as every REST input: unknown arguments and unstorable text are refused.
    const details = mergeProblems(parsed.success ? [] : toFieldProblems(parsed.error), inputProblems('json', args, parsed.success ? parsed.data : undefined));
    if (details.length > 0) {
      refusal = new ApiError('validation_error', `Invalid arguments: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
    } else if (parsed.success) {
      try {
        data = await tool.run(parsed.data, callCtx);
      } catch (error) {
        if (error instanceof ApiError) refusal = error;
        else {
          ctx.logError(error, tool.name);
          refusal = new ApiError('internal_error', 'An unexpected error occurred');
        }
      }
    }
  }
  if (write && target && !(handed && !refusal)) {
    await ctx.auditWrite({ ...target, status: refusal ? statusOf(refusal.code) : write.successStatus, errorCode: refusal?.code ?? null });
  }
  if (refusal) return failure(refusal, tool.advise?.(refusal));
  return success(tool.envelope ? tool.envelope(data) : { data });
};

/** A hand-written tool (zod input, a use case) in the shape `tools/list` and `tools/call` take. */
export const handTool = (tool: AssistantTool, mirrors: string | undefined): McpTool => ({
  name: tool.name,
  mirrors,
  definition: { ...describe(tool), ...(mirrors ? { _meta: { [OPERATION_META]: mirrors } } : {}) },
  call: (args, ctx) => call(tool, args, ctx),
});

/**
 * An MCP server for one request's caller: `tools/list` and `tools/call` over the given tools. Built
 * on the SDK's `Server` rather than `McpServer` so that a schema failure is the REST API's
 * `validation_error` with `details`, and every refusal has the same envelope.
 */
export const createAssistantServer = (tools: readonly McpTool[], ctx: ToolContext): Server => {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((tool) => tool.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    // A plain error with a code: an McpError's message already carries the "MCP error <code>:" prefix,
    // which the client would add a second time.
    if (!tool) throw Object.assign(new Error(`Tool ${request.params.name} not found`), { code: ErrorCode.InvalidParams });
    try {
      return await tool.call(request.params.arguments, ctx);
    } catch (error) {
      // Whatever fails inside a tool is still a tool error, never a protocol failure.
      ctx.logError(error, tool.name);
      return failure(new ApiError('internal_error', 'An unexpected error occurred'));
    }
  });
  return server;
};
