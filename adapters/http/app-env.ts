import type { RequestLog } from '../logging/request-log.js';
import type { Principal } from '../../application/api-keys/authenticate-api-key.js';
import type { AttachedRead, AttachedResult } from '../../application/ports/api-key-admission.js';
import type { AuditActor } from '../../application/ports/audit-log.js';
import type { RateLimitDecision } from '../../application/ports/rate-limiter.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { DomainError } from '../../domain/index.js';

/** Per-request values the middleware chain hands to routes. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: RequestLog;
    actor: AuditActor;
    principal: Principal;
    tenant: Tenant;
    authFailure: DomainError | undefined;
    rateLimit: RateLimitDecision;
    /** A read the key's admission ran in its round trip (attached-reads.ts), with what it found. */
    attached: { read: AttachedRead; result: AttachedResult } | undefined;
    /** The error code of the response, for the audit row. */
    errorCode: string | undefined;
    /** Merchant an operator request acted on, for the audit row. */
    auditMerchantId: string | undefined;
    /** The request's audit row committed with its transaction (audit-in-transaction.ts): the after-response audit skips it. */
    auditCommitted: boolean | undefined;
  };
}
