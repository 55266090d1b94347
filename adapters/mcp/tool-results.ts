import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FieldProblem } from '../../domain/index.js';
import { ApiError } from '../http/api-error.js';
import { errorBody } from '../http/envelope.js';

/** A success: the structured content is the API's JSON body, and the same JSON as text for clients that read only text. */
export const success = (body: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(body) }],
  structuredContent: body as Record<string, unknown>,
});

/**
 * A refusal is a tool error (`isError`) whose text is the REST error envelope. It carries no
 * structured content: that must match the tool's output schema, which describes success.
 */
export const failure = (error: ApiError, advice?: string): CallToolResult => {
  const body = errorBody(error.code, advice ? `${error.message}. ${advice}` : error.message, error.details);
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
};

/** `validation_error` with the REST details for arguments refused before any request was made. */
export const validationRefusal = (details: FieldProblem[]): CallToolResult =>
  failure(new ApiError('validation_error', `Invalid arguments: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details));
