import type { MiddlewareHandler } from 'hono';
import type { AuditEntry } from '../../../application/ports/audit-log.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { IdGenerator } from '../../../application/ports/id-generator.js';
import type { AppEnv } from '../app-env.js';
import { auditEntryOf } from './audit.js';

/**
 * Runs `work` with the audit row `entry()` joined to the request's next committing transaction (the
 * persistence adapter writes it inside, just before the commit); resolves whether it committed with one.
 */
export type AppendOnCommit = (entry: () => AuditEntry, work: () => Promise<void>) => Promise<boolean>;

/** A route-level middleware declaring the status the route answers when its transaction commits. */
export type AuditInTransaction = (successStatus: number) => MiddlewareHandler<AppEnv>;

/**
 * Opt-in for a route whose success is decided by one transaction (a sale): the audit row of a
 * successful request is written inside that transaction, with the success status, so the request
 * costs one commit (one WAL flush) instead of two, and the after-response `audit` skips it. A
 * refused, failed or rolled-back request leaves the row unwritten, and `audit` writes it after the
 * response with the real status, as for every other write. Should a committed request still answer
 * another status, `audit` records that one too (and a warning is logged): the real status is never lost.
 */
export const auditInTransaction =
  (appendOnCommit: AppendOnCommit, ids: IdGenerator, clock: Clock): AuditInTransaction =>
  (successStatus) =>
  async (c, next) => {
    const committed = await appendOnCommit(() => ({ ...auditEntryOf(c, successStatus, ids, clock), errorCode: null }), next);
    if (!committed) return;
    if (c.res.status === successStatus) c.set('auditCommitted', true);
    else c.get('log').warn({ status: c.res.status, committedStatus: successStatus }, 'audit row committed with the success status; recording the real one too');
  };
