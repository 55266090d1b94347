import type { z } from '@hono/zod-openapi';
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../application/shared/actor.js';
import type { RequestOrigin } from '../../application/shared/request-origin.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { ApiError } from '../http/api-error.js';

/** Who is calling and how to record a write: one per `/mcp` request, made from its Hono context. */
export interface ToolContext {
  readonly principal: Principal;
  readonly tenant: Tenant;
  /** Who a confirmation token is bound to: `key:<API key id>`. */
  readonly callerId: string;
  /** Appends the audit row of a tool write (actor `assistant`), as a REST write of `method path` would. */
  auditWrite(entry: { method: string; path: string; status: number; errorCode: string | null }): Promise<void>;
  /** This request as the REST write `method path` answered with `status`, for a use case that writes that audit row itself. */
  originOf(target: { method: string; path: string }, status: number): RequestOrigin;
  /** Logs an unexpected failure (the assistant sees only `internal_error`). */
  logError(error: unknown, tool: string): void;
  /**
   * Sends one request to the service's own API in-process as this caller: the route's validation,
   * guards, use case, idempotency and audit apply exactly as to a REST client (the rate limit was
   * counted by the `/mcp` request).
   */
  dispatch(request: ApiRequest): Promise<Response>;
}

/** An in-process API request: `path` is under `/api/v1`, `query` already text, `body` JSON. */
export interface ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: URLSearchParams;
  readonly body?: unknown;
}

/** What `tools/list` and `tools/call` need of any tool, hand-written or generated from an API operation. */
export interface McpTool {
  readonly name: string;
  /** The API operation (`PATCH /conversions/{id}`) the tool answers, when it answers one. */
  readonly mirrors: string | undefined;
  readonly definition: Tool;
  call(args: unknown, ctx: ToolContext): Promise<CallToolResult>;
}

/**
 * What one tool call runs with. A write tool whose use case writes the call's audit row with its
 * change takes `requestOrigin()` and hands it over: the call then appends no row of its own when it
 * succeeds (one refused appends the row with its error, the use case's having rolled back).
 */
export interface ToolCallContext extends ToolContext {
  /** The call's origin as its mirrored REST write answered with the tool's success status. */
  requestOrigin(): RequestOrigin;
}

/** How a write tool's call appears in the audit log: the REST operation it mirrors. */
export interface ToolWrite {
  readonly successStatus: 200 | 201;
  /** Method and path of the mirrored REST write (from the raw arguments: they may not have validated). */
  target(args: Record<string, unknown>): { method: string; path: string };
}

/**
 * One assistant tool. `input` is the REST route's own zod schema (or one composed from it); `guard`
 * runs first, as a route's guard middleware does, then the input is validated, then `run` returns the
 * REST response's `data` or throws an `ApiError` with the REST error code.
 */
export interface AssistantTool<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: S;
  /** The schema of `data` in a success (structured content is `{ data }`). */
  readonly output?: z.ZodType;
  /** When the structured content carries more than `{ data }`: its whole schema, and how `run`'s result becomes it. */
  readonly outputEnvelope?: z.ZodType;
  envelope?(data: unknown): unknown;
  readonly annotations: ToolAnnotations;
  readonly write?: ToolWrite;
  guard?(ctx: ToolContext): ApiError | null;
  run(args: z.infer<S>, ctx: ToolCallContext): Promise<unknown>;
  /** Tells the assistant what to do about a refusal (e.g. ask the user before confirming). */
  advise?(error: ApiError): string | undefined;
}

/** Erases the input type so tools of different schemas fit in one list. */
export const defineTool = <S extends z.ZodObject>(tool: AssistantTool<S>): AssistantTool => tool as unknown as AssistantTool;
