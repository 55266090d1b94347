import type { RequestLog } from '../logging/request-log.js';
import type { Principal } from '../../application/shared/actor.js';
import type { AuditActor } from '../../application/ports/audit-log.js';
import type { RateLimitDecision } from '../../application/ports/rate-limiter.js';
import type { RequestOrigin } from '../../application/shared/request-origin.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { DomainError } from '../../domain/index.js';

/** Per-request values the middleware chain hands to routes. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The client's address (middleware/client-address.ts); null when unknown. */
    clientAddress: string | null | undefined;
    log: RequestLog;
    actor: AuditActor;
    principal: Principal;
    tenant: Tenant;
    authFailure: DomainError | undefined;
    rateLimit: RateLimitDecision;
    /** The error code of the response, for the audit row. */
    errorCode: string | undefined;
    /** Merchant an operator request acted on, or whose refused key was presented, for the audit row. */
    auditMerchantId: string | undefined;
    /** The refused key (revoked, or the other mode's) a request presented, for the audit row. */
    auditApiKeyId: string | undefined;
    /**
     * The request's origin as handed to a use case that writes the request's audit row with its own
     * change (`requestOriginOf`): answered with its status, the row is the use case's and `audit` skips it.
     */
    handedOrigin: RequestOrigin | undefined;
  };
}
