import type { z } from '@hono/zod-openapi';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../application/api-keys/authenticate-api-key.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { ApiError } from '../http/api-error.js';

/** Who is calling and how to record a write: one per `/mcp` request, made from its Hono context. */
export interface ToolContext {
  readonly principal: Principal;
  readonly tenant: Tenant;
  /** Appends the audit row of a tool write (actor `assistant`), as a REST write of `method path` would. */
  auditWrite(entry: { method: string; path: string; status: number; errorCode: string | null }): Promise<void>;
  /** Logs an unexpected failure (the assistant sees only `internal_error`). */
  logError(error: unknown, tool: string): void;
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
  readonly annotations: ToolAnnotations;
  readonly write?: ToolWrite;
  guard?(ctx: ToolContext): ApiError | null;
  run(args: z.infer<S>, ctx: ToolContext): Promise<unknown>;
  /** Tells the assistant what to do about a refusal (e.g. ask the user before confirming). */
  advise?(error: ApiError): string | undefined;
}

/** Erases the input type so tools of different schemas fit in one list. */
export const defineTool = <S extends z.ZodObject>(tool: AssistantTool<S>): AssistantTool => tool as unknown as AssistantTool;
