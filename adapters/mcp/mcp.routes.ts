import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuditLog } from '../../application/ports/audit-log.js';
import { auditActorOf, auditKeyIdOf, callerIdOf } from '../../application/shared/actor.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { AppEnv } from '../http/app-env.js';
import { requestSource } from '../http/middleware/audit.js';
import { withInternalCaller } from '../http/middleware/internal-caller.js';
import type { Json } from '../http/openapi/json.js';
import { PUBLIC_PREFIX } from '../http/openapi/document.js';
import { createAssistantServer } from './assistant-server.js';
import type { MoneyMoveDependencies } from './confirmation/money-moves.js';
import { assistantToolList } from './operations/tool-list.js';
import type { AssistantTool, ToolContext } from './tool.js';

export const MCP_PATH = '/mcp';

export interface McpDependencies {
  /** The hand-written tools; the generated ones come from the API's document. */
  readonly tools: readonly AssistantTool[];
  /** Preview-then-confirm of the money-moving tools. */
  readonly money: MoneyMoveDependencies;
  readonly auditLog: AuditLog;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** The service's own API, for the generated tools: its document and its in-process entry. */
export interface ApiAccess {
  fetch(request: Request, env: unknown): Response | Promise<Response>;
  document(): Json;
}

/** After authentication: this request acts through the assistant interface (audit rows say `assistant`). */
export const assistantActor: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A connector keeps its own actor (`connector:<id>:user:<id>`).
  const principal = c.get('principal');
  if (principal?.actor.kind === 'api_key') {
    const actor = { ...principal.actor, viaAssistant: true };
    c.set('principal', { ...principal, actor });
    c.set('actor', auditActorOf(actor));
  }
  await next();
};

const toolContext = (c: Context<AppEnv>, deps: McpDependencies, api: ApiAccess): ToolContext => {
  const principal = c.get('principal');
  const actor = c.get('actor');
  return {
    // Confirmation tokens bind to this: a key, or a connector (its grant).
    callerId: principal.actor.kind === 'connector' ? `connector:${principal.actor.connectorId}` : `key:${callerIdOf(principal.actor)}`,
    async dispatch({ method, path, query, body }) {
      const url = new URL(`${PUBLIC_PREFIX}${path}${query && query.size > 0 ? `?${query}` : ''}`, c.req.url);
      const headers = new Headers({ 'x-request-id': c.get('requestId') });
      // The address and client of the `/mcp` request, for the API's audit row.
      for (const name of ['user-agent', 'x-forwarded-for']) {
        const value = c.req.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      if (body !== undefined) headers.set('content-type', 'application/json');
      const request = new Request(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      return api.fetch(request, withInternalCaller(c.env, { principal, tenant: c.get('tenant') }));
    },
    principal,
    tenant: c.get('tenant'),
    async auditWrite({ method, path, status, errorCode }) {
      await deps.auditLog.append({
        id: deps.ids.next(),
        actor,
        apiKeyId: auditKeyIdOf(principal.actor),
        merchantId: principal.merchant.id,
        method,
        path,
        status,
        errorCode,
        ...requestSource(c),
        createdAt: deps.clock.now(),
      });
    },
    originOf({ method, path }, status) {
      return { method, path, ...requestSource(c), status };
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
export const mcpRoutes = (deps: McpDependencies, api: ApiAccess) =>
  new Hono<AppEnv>()
    .post(MCP_PATH, async (c) => {
      const server = createAssistantServer(assistantToolList(deps.tools, api.document(), deps.money), toolContext(c, deps, api));
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
