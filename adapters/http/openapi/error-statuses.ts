import type { Hono } from 'hono';
import { GUARD_ERRORS } from '../middleware/guards.js';
import type { Surface } from './document-responses.js';
import type { Json } from './json.js';

/** Method and OpenAPI path → the error codes of the guards in its handler chain. */
export const guardCodesOf = (app: Hono<Json>): Map<string, Set<string>> => {
  const map = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path.replace(/:([^/{]+)(\{[^}]*\})?/g, '{$1}')}`;
    const codes = map.get(key) ?? new Set<string>();
    for (const code of GUARD_ERRORS.get(route.handler) ?? []) codes.add(code);
    map.set(key, codes);
  }
  return map;
};

/** Operations that record a sale, whose limits may need an exchange rate the service does not have (503). */
const SALE_RECORDING = new Set(['POST /api/v1/conversions']);

/**
 * The error statuses of one operation. Everything behind authentication can answer 401, 429 and 500;
 * any input can fail validation (400); a body can be malformed JSON, too large or of another media
 * type; guards answer 403 with their codes; a path id or an `…Id` filter can name nothing (404);
 * writes reach the domain, whose refusals are 400, 403, 404, 409 and 422.
 */
export const errorStatuses = (
  surface: Surface,
  method: string,
  op: Json,
  guardCodes: ReadonlySet<string>,
  fullPath = '',
): Map<number, readonly string[] | 'all'> => {
  const statuses = new Map<number, readonly string[] | 'all'>();
  const add = (status: number, codes: readonly string[] | 'all' = 'all') => {
    const existing = statuses.get(status);
    if (existing === 'all' || codes === 'all') statuses.set(status, 'all');
    else statuses.set(status, [...new Set([...(existing ?? []), ...codes])]);
  };
  const params: Json[] = op.parameters ?? [];
  // An operation without security (a provider endpoint) cannot answer 401.
  if (!(Array.isArray(op.security) && op.security.length === 0)) add(401);
  add(500);
  if (surface === 'public') add(429);
  if (params.length > 0 || op.requestBody) add(400);
  if (op.requestBody) {
    add(413);
    add(415);
  }
  if (guardCodes.size > 0) add(403, [...guardCodes]);
  if (params.some((p) => p.in === 'path' || (p.in === 'query' && /Id$/.test(p.name)))) add(404);
  if (method !== 'get') {
    add(400);
    add(403);
    add(404);
    add(409);
    add(422);
  }
  if (SALE_RECORDING.has(`${method.toUpperCase()} ${fullPath}`)) add(503, ['exchange_rate_unavailable']);
  return statuses;
};
