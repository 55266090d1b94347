import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { FieldProblem } from '../../domain/index.js';
import type { AppEnv } from './app-env.js';
import { sendError } from './envelope.js';
import { UNKNOWN_FIELD, unknownFields, unstorableText } from './input-checks.js';

/** One problem per failed rule; an unknown key names itself (under its parent's path), one problem per key. */
export const toFieldProblems = (error: z.ZodError): FieldProblem[] =>
  error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: UNKNOWN_FIELD }))
      : [{ field: issue.path.length > 0 ? issue.path.join('.') : '(root)', message: issue.message }],
  );

type ValidationTarget = 'json' | 'form' | 'query' | 'param' | 'header' | 'cookie';
type ValidationResult = { target?: ValidationTarget; data?: unknown } & ({ success: true } | { success: false; error: z.ZodError });

/** The schema's own problems, then the input checks' for fields the schema did not already fault. */
export const mergeProblems = (own: FieldProblem[], more: FieldProblem[]): FieldProblem[] => {
  const faulted = new Set(own.map((p) => p.field));
  return [...own, ...more.filter((p) => !faulted.has(p.field))];
};

/**
 * What a validated input breaks beyond its schema's own rules: unstorable text anywhere (path ids,
 * query values, body strings and keys), and in a body every field the schema does not declare (the
 * schemas strip unknown keys; anything stripped is refused here, so every route is strict by default).
 */
export const inputProblems = (target: ValidationTarget | undefined, raw: unknown, parsed: unknown | undefined): FieldProblem[] => {
  const body = target === 'json' || target === undefined;
  const problems = unstorableText(raw, body);
  if (body && parsed !== undefined) problems.push(...unknownFields(raw, parsed));
  return problems;
};

/** Every schema failure, in body, query or path, answers `400 validation_error` with details. */
export const validationHook = async (result: ValidationResult, c: Context<AppEnv>) => {
  if (result.target === 'header' || result.target === 'cookie') return undefined;
  // On success `data` is the parsed value; the body as sent is the request's cached JSON.
  const raw = result.success && result.target === 'json' ? await c.req.json<unknown>() : result.data;
  const details = mergeProblems(
    result.success ? [] : toFieldProblems(result.error),
    inputProblems(result.target, raw, result.success ? result.data : undefined),
  );
  if (details.length > 0) {
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

/**
 * Dates and times the service accepts: from 1970 (ids and epoch-second headers are unsigned) to the
 * end of 2999, far beyond any program's life, so that every date computed from one (periods, holding
 * times, retries) keeps the four-digit year that ISO 8601 text and PostgreSQL share.
 */
export const SERVICE_TIME_RANGE = { from: Date.UTC(1970, 0, 1), until: Date.UTC(3000, 0, 1) } as const;
export const SERVICE_TIME_MESSAGE = 'must be between 1970-01-01 and 2999-12-31';
export const withinServiceTime = (text: string): boolean => {
  const time = Date.parse(text);
  return time >= SERVICE_TIME_RANGE.from && time < SERVICE_TIME_RANGE.until;
};
