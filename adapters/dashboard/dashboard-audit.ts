import type { MiddlewareHandler } from 'hono';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import { requestAuditFields } from '../http/middleware/audit.js';
import type { DashboardEnv } from './dashboard-env.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One audit row for every dashboard write (whatever its outcome) and every refused sign-in, with
 * actor `user:<id>` (or `anonymous` before sign-in) and the merchant of the session, as the API
 * audits its keys' writes, unless the use case wrote the request's row itself.
 */
export const dashboardAudit =
  (log: AuditLog, ids: IdGenerator, clock: Clock): MiddlewareHandler<DashboardEnv> =>
  async (c, next) => {
    await next();
    const status = c.res.status;
    if (READS.has(c.req.method) && status !== 401) return;
    // A use case handed the request's origin wrote the row with its change (`requestOriginOf`).
    if (c.get('handedOrigin')?.status === status) return;
    const session = c.get('webSession');
    await log.append({
      id: ids.next(),
      actor: session ? `user:${session.subject.id}` : 'anonymous',
      apiKeyId: null,
      merchantId: session?.subject.merchantId ?? null,
      method: c.req.method,
      path: c.req.path,
      ...requestAuditFields(c, status, clock),
    });
  };
