import type { AuditEntry } from '../ports/audit-log.js';
import { auditActorOf, auditKeyIdOf, type Actor } from './actor.js';

/**
 * The request a use case serves, for the audit row it writes itself with its own change: where the
 * request came from and what it answers when the use case succeeds. A job has none.
 */
export interface RequestOrigin {
  readonly method: string;
  readonly path: string;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly requestId: string | null;
  /** The status the request is answered with when the use case succeeds. */
  readonly status: number;
}

/** The audit row of a use case that succeeded for `actor` in `merchantId`, on the request `origin`. */
export const auditEntryFor = (actor: Actor, origin: RequestOrigin, merchantId: string, id: string, now: Date): AuditEntry => ({
  id,
  actor: auditActorOf(actor),
  apiKeyId: auditKeyIdOf(actor),
  merchantId,
  method: origin.method,
  path: origin.path,
  status: origin.status,
  errorCode: null,
  address: origin.address,
  userAgent: origin.userAgent,
  requestId: origin.requestId,
  createdAt: now,
});
