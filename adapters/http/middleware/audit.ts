import type { Context, MiddlewareHandler } from 'hono';
import type { AuditEntry, AuditLog } from '../../../application/ports/audit-log.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { IdGenerator } from '../../../application/ports/id-generator.js';
import { auditKeyIdOf } from '../../../application/shared/actor.js';
import type { RequestOrigin } from '../../../application/shared/request-origin.js';
import type { AppEnv } from '../app-env.js';
import { clientAddress } from './client-address.js';
import { printable } from '../input-checks.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which finished requests get a row. */
export type AuditFilter = (c: Context<AppEnv>, status: number) => boolean;

/** Whether authentication failed for this request (whatever answer it then got: 401, 429, 413...). */
const authFailed = (c: Context<AppEnv>, status: number): boolean => status === 401 || c.get('authFailure') !== undefined;

/** The default: every write (whatever its outcome) and every failed authentication. */
export const writesAndAuthFailures: AuditFilter = (c, status) => !READS.has(c.req.method) || authFailed(c, status);

/**
 * For `/mcp`, where every message is a POST and the tools audit their own writes: only the requests
 * refused before any tool ran (failed authentication, rate limit, oversized or malformed body).
 */
export const refusedRequests: AuditFilter = (c, status) => authFailed(c, status) || (!READS.has(c.req.method) && status >= 400);

/** Where a request came from, as every audit row records it (address, browser, request id). */
export const requestSource = <E extends AppEnv>(c: Context<E>) => ({
  address: clientAddress(c),
  userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
  requestId: c.get('requestId') ?? null,
});

/** What every audit row records of the request itself (the API's, the dashboard's), answered with `status`. */
export const requestAuditFields = <E extends AppEnv>(c: Context<E>, status: number, clock: Clock) => ({
  status,
  errorCode: c.get('errorCode') ?? null,
  ...requestSource(c),
  createdAt: clock.now(),
});

/** The audit row of this request, answered with `status`. The row never holds the key. */
export const auditEntryOf = (c: Context<AppEnv>, status: number, ids: IdGenerator, clock: Clock): AuditEntry => {
  const principal = c.get('principal');
  return {
    id: ids.next(),
    actor: c.get('actor'),
    apiKeyId: (principal ? auditKeyIdOf(principal.actor) : null) ?? c.get('auditApiKeyId') ?? null,
    merchantId: principal?.merchant.id ?? c.get('auditMerchantId') ?? null,
    method: c.req.method,
    path: printable(c.req.path),
    ...requestAuditFields(c, status, clock),
  };
};

/**
 * The request as a use case that writes its own audit row sees it, answered with `status` when the
 * use case succeeds. Handing it over hands the row over: answered with that status, the request's row
 * is the use case's (written in its transaction), so `audit` does not write a second one. Answered
 * otherwise (the use case refused, or the route failed after it), `audit` writes the request's row.
 */
export const requestOriginOf = <E extends AppEnv>(c: Context<E>, status: number): RequestOrigin => {
  const origin: RequestOrigin = { method: c.req.method, path: printable(c.req.path), ...requestSource(c), status };
  c.set('handedOrigin', origin);
  return origin;
};

/**
 * Appends one audit row for every write and every failed authentication, after the response is
 * decided and whether it succeeded or not. Successful reads write nothing. A request whose use case
 * recorded the row itself (it was handed the request's origin and the request is answered with its
 * status: a created sale, a tax form read in the clear) is not written twice.
 */
export const audit =
  (log: AuditLog, ids: IdGenerator, clock: Clock, record: AuditFilter = writesAndAuthFailures): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    const status = c.res.status;
    if (c.get('handedOrigin')?.status === status || !record(c, status)) return;
    try {
      const entry = auditEntryOf(c, status, ids, clock);
      // Failed authentications refused by the address's limit (a flood of bad keys): one row per address and minute.
      if (status === 429 && c.get('authFailure')) log.recordRefusal(entry);
      else await log.append(entry);
    } catch (error) {
      c.get('log').error({ err: error }, 'audit row could not be written');
      throw error;
    }
  };
