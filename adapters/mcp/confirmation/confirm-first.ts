import { createHash } from 'node:crypto';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../../application/shared/actor.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Confirmations } from '../../../application/assistant/confirmations.js';
import { ApiError } from '../../http/api-error.js';
import { writeKeyRefusal } from '../../http/middleware/guards.js';
import { failure, success, validationRefusal } from '../tool-results.js';
import type { McpTool, ToolContext } from '../tool.js';
import { PREVIEW_ANSWER_SCHEMA, type Preview } from './preview.js';

/**
 * Reads the rows a call would change and says how: a preview, or the refusal the call itself would
 * get (not found, invalid); null when this call moves nothing to confirm (it then runs as it is).
 */
export type Previewer = (args: Record<string, unknown>, ctx: ToolContext) => Promise<Preview | null>;

/** Key order aside, the same arguments give the same digest. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]))
      : value;
const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');

const TOKEN_FIELD = 'confirmationToken';

const ADVICE =
  'A call of this tool that moves money or its terms, made without confirmationToken, changes nothing and answers a preview (each row before and after, ' +
  'totals per currency) with a confirmationToken. Show the preview to the user; only if the user agrees, call again with exactly ' +
  'the same arguments plus confirmationToken (single use, valid 10 minutes). If the rows changed meanwhile the call is refused ' +
  'with stale_preview: preview again.';

/**
 * A money move in two calls: the first answers a preview and a token bound to the caller, the exact
 * arguments and the previewed rows' state; the second, with the token, re-reads the rows (refused
 * with `stale_preview` when they changed), spends the token and makes the call.
 */
export interface ConfirmFirstOptions {
  /** Only calls with these arguments move money (a campaign's rate); others pass through as they are. */
  readonly when?: (args: Record<string, unknown>) => boolean;
  /** The arguments the confirmed call runs with (a tool with its own `confirm` gets it from the token). */
  readonly confirmedArgs?: (args: Record<string, unknown>) => Record<string, unknown>;
}

export const confirmFirst = (
  tool: McpTool,
  preview: Previewer,
  confirmations: Confirmations,
  extraGuard?: (principal: Principal, tenant: Tenant) => ApiError | null,
  options: ConfirmFirstOptions = {},
): McpTool => {
  const { definition } = tool;
  const inputSchema = {
    ...definition.inputSchema,
    properties: {
      ...definition.inputSchema.properties,
      [TOKEN_FIELD]: { type: 'string', minLength: 1, description: 'The token of this exact call\'s preview; absent: answer the preview and change nothing' },
    },
  } as Tool['inputSchema'];
  const outputSchema = (
    definition.outputSchema ? { type: 'object', anyOf: [definition.outputSchema, PREVIEW_ANSWER_SCHEMA] } : PREVIEW_ANSWER_SCHEMA
  ) as Tool['outputSchema'];
  return {
    name: tool.name,
    mirrors: tool.mirrors,
    definition: {
      ...definition,
      description: `${definition.description ?? ''} ${ADVICE}`.trim(),
      inputSchema,
      outputSchema,
      annotations: { ...definition.annotations, destructiveHint: true },
    },
    async call(rawArgs: unknown, ctx: ToolContext): Promise<CallToolResult> {
      const { [TOKEN_FIELD]: token, ...args } = (typeof rawArgs === 'object' && rawArgs !== null && !Array.isArray(rawArgs) ? rawArgs : {}) as Record<string, unknown>;
      if (options.when && !options.when(args)) return tool.call(args, ctx);
      if (token !== undefined && (typeof token !== 'string' || token === '')) return validationRefusal([{ field: TOKEN_FIELD, message: 'must be the token of a preview' }]);
      // Only a caller who may make the change gets its preview. One who may not is refused by the call
      // itself (its guard answers first, as the route's does, and the refusal is audited as usual).
      if (writeKeyRefusal(ctx.principal) ?? extraGuard?.(ctx.principal, ctx.tenant)) return tool.call(args, ctx);
      let previewed: Preview | null;
      try {
        previewed = await preview(args, ctx);
      } catch (error) {
        if (error instanceof ApiError) return failure(error);
        throw error;
      }
      if (previewed === null) return tool.call(args, ctx);
      const terms = { callerId: ctx.callerId, tool: tool.name, argsDigest: digest(args), stateDigest: digest(previewed.rows) };
      if (token === undefined) {
        const issued = await confirmations.issue(ctx.tenant, terms);
        return success({ preview: previewed, confirmationToken: issued.token, expiresAt: issued.expiresAt.toISOString() });
      }
      const redeemed = await confirmations.redeem(ctx.tenant, token, terms);
      if (redeemed.isErr()) return failure(ApiError.from(redeemed.error));
      return tool.call(options.confirmedArgs ? options.confirmedArgs(args) : args, ctx);
    },
  };
};
