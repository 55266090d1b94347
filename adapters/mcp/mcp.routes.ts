import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { AppEnv } from '../http/app-env.js';
import { clientAddress } from '../http/middleware/client-address.js';
import { createAssistantServer } from './assistant-server.js';
import type { AssistantTool, ToolContext } from './tool.js';

export const MCP_PATH = '/mcp';

export interface McpDependencies {
  readonly tools: readonly AssistantTool[];
  readonly auditLog: AuditLog;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** After authentication: this request acts through the assistant interface (audit rows say `assistant`). */
export const assistantActor: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('principal')) c.set('actor', 'assistant');
  await next();
};

const toolContext = (c: Context<AppEnv>, deps: McpDependencies): ToolContext => {
  const principal = c.get('principal');
  return {
    principal,
    tenant: c.get('tenant'),
    async auditWrite({ method, path, status, errorCode }) {
      await deps.auditLog.append({
        id: deps.ids.next(),
        actor: 'assistant',
        apiKeyId: principal.key.id,
        merchantId: principal.merchant.id,
        method,
        path,
        status,
        errorCode,
        address: clientAddress(c),
        userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
        requestId: c.get('requestId') ?? null,
        createdAt: deps.clock.now(),
      });
    },
    logError(error, tool) {
      c.get('log').error({ err: error, tool }, 'assistant tool failed');
    },
  };
};

const methodNotAllowed = (c: Context<AppEnv>) =>
  c.json(
    { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST' }, id: null },
    405,
    { Allow: 'POST' },
  );

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless. Authentication, rate limiting
 * and the audit of refused requests run before this (see app.ts); each POST gets a server bound to
 * the request's key and answers with JSON. No session, so no standalone SSE stream (GET) and nothing
 * to delete (DELETE): both answer 405, which MCP clients expect from a stateless server.
 */
export const mcpRoutes = (deps: McpDependencies) =>
  new Hono<AppEnv>()
    .post(MCP_PATH, async (c) => {
      const server = createAssistantServer(deps.tools, toolContext(c, deps));
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        const res = await transport.handleRequest(c.req.raw);
        // Through the context, so the response carries the headers prepared on it (CORS, rate limit, request id).
        return c.newResponse(res.body, res.status as ContentfulStatusCode, Object.fromEntries(res.headers));
      } finally {
        await server.close();
      }
    })
    .get(MCP_PATH, methodNotAllowed)
    .delete(MCP_PATH, methodNotAllowed);
