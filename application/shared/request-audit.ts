import type { AuditLog } from '../ports/audit-log.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Actor } from './actor.js';
import { auditEntryFor, type RequestOrigin } from './request-origin.js';

/** Who asked for a change, on which request: what a use case needs to write that request's audit row. */
export interface AuditedRequest {
  readonly actor: Actor;
  readonly origin: RequestOrigin;
}

/**
 * The request's audit row, appended by the use case in the transaction of its change (so the row
 * commits with it or not at all). Nothing without a request: a job, or a caller that audits otherwise
 * (the dashboard's own audit).
 */
export class RequestAudit {
  constructor(
    private readonly log: AuditLog,
    private readonly ids: IdGenerator,
  ) {}

  async record(request: AuditedRequest | undefined, merchantId: string, now: Date): Promise<void> {
    if (request) await this.log.append(auditEntryFor(request.actor, request.origin, merchantId, this.ids.next(), now));
  }
}
