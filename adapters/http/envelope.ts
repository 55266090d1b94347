import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Page } from '../../application/shared/page.js';
import type { FieldProblem } from '../../domain/index.js';
import type { AppEnv } from './app-env.js';
import { statusOf } from './error-status.js';

export interface ErrorBody {
  error: { code: string; message: string; details?: readonly FieldProblem[] };
}

export const errorBody = (code: string, message: string, details?: readonly FieldProblem[]): ErrorBody => ({
  error: details && details.length > 0 ? { code, message, details } : { code, message },
});

export const sendError = (
  c: Context<AppEnv>,
  code: string,
  message: string,
  details?: readonly FieldProblem[],
  headers: Record<string, string> = {},
) => {
  c.set('errorCode', code);
  return c.json(errorBody(code, message, details), statusOf(code), headers);
};

export const pagination = (page: Page<unknown>) => ({
  page: page.page,
  limit: page.limit,
  total: page.total,
  totalPages: Math.ceil(page.total / page.limit),
});

export const sendData = <T, S extends ContentfulStatusCode = 200>(c: Context<AppEnv>, data: T, status?: S) =>
  c.json({ data }, (status ?? 200) as S);

export const sendPage = <T, U>(c: Context<AppEnv>, page: Page<T>, toJson: (item: T) => U) =>
  c.json({ data: page.items.map(toJson), pagination: pagination(page) }, 200);
