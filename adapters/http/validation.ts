import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { FieldProblem } from '../../domain/index.js';
import type { AppEnv } from './app-env.js';
import { sendError } from './envelope.js';

const issueField = (issue: z.core.$ZodIssue): string => {
  // An unknown body field names itself (under its parent's path), not the object that holds it.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys.join(',')] : issue.path;
  return path.length > 0 ? path.join('.') : '(root)';
};

export const toFieldProblems = (error: z.ZodError): FieldProblem[] =>
  error.issues.map((issue) => ({ field: issueField(issue), message: issue.message }));

/** Every schema failure, in body, query or path, answers `400 validation_error` with details. */
export const validationHook = (
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context<AppEnv>,
) => {
  if (!result.success) {
    const details = toFieldProblems(result.error);
    return sendError(c, 'validation_error', `Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
  }
  return undefined;
};

/** Page and limit as every list takes them: limit default 25, max 100. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1).openapi({ example: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(25).openapi({ example: 25 }),
};

/** The `pagination` object of every list response. */
export const PaginationSchema = z
  .object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() })
  .openapi('Pagination');

export const uuidParam = (name: string) =>
  z.object({ [name]: z.string().openapi({ param: { name, in: 'path' } }) });
