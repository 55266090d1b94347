import type { MiddlewareHandler } from 'hono';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import { clientAddress } from '../http/middleware/client-address.js';
import type { PortalEnv } from './portal-env.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One audit row for every portal write (join, accept, sign-in, payout details, sign-out), whatever
 * its outcome, with actor `affiliate:<id>` (or `anonymous` before sign-in) and the portal's merchant.
 */
export const portalAudit =
  (log: AuditLog, ids: IdGenerator, clock: Clock): MiddlewareHandler<PortalEnv> =>
  async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const before = c.get('webSession');
    await next();
    const session = c.get('webSession') ?? before;
    await log.append({
      id: ids.next(),
      actor: session ? `affiliate:${session.subject.id}` : 'anonymous',
      apiKeyId: null,
      merchantId: c.get('merchant').id,
      method: c.req.method,
      path: `${c.get('base')}${c.req.path}`,
      status: c.res.status,
      errorCode: null,
      address: clientAddress(c),
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      requestId: null,
      createdAt: clock.now(),
    });
  };
