import { sql, type RawBuilder } from 'kysely';
import type { AuditActor, AuditEntry, AuditLog } from '../../../application/ports/audit-log.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { withCommitParticipant } from '../commit-participants.js';
import { currentDb, currentEm, type Orm } from '../orm.js';
import { PREPARED } from '../prepared-statements.js';
import { AuditEntryRecord } from '../records/audit-entry.record.js';

/**
 * The insert of one audit row, without the `PREPARED` marker so a write statement can embed it;
 * with `onlyIf`, written only when that condition of the embedding statement holds.
 */
export const auditInsert = (e: AuditEntry, onlyIf?: RawBuilder<unknown>): RawBuilder<unknown> => sql`
  insert into audit_log (id, actor, api_key_id, merchant_id, method, path, status, error_code, address, user_agent, request_id, created_at)
  ${onlyIf ? sql`select ` : sql`values (`}${e.id}::uuid, ${e.actor}::text, ${e.apiKeyId}::uuid, ${e.merchantId}::uuid, ${e.method}::text,
    ${e.path}::text, ${e.status}::int, ${e.errorCode}::text, ${e.address}::text, ${e.userAgent}::text, ${e.requestId}::text,
    ${e.createdAt}::timestamptz${onlyIf ? sql` where ${onlyIf}` : sql`)`}`;

/**
 * Runs `work` with the audit row `entry()` joined to the request's next committing transaction
 * (written inside it, see commit-participants.ts); resolves whether it committed with one.
 */
export const appendOnCommit = (entry: () => AuditEntry, work: () => Promise<void>): Promise<boolean> =>
  withCommitParticipant({ insert: (onlyIf) => auditInsert(entry(), onlyIf) }, work);

export class MikroOrmAuditLog implements AuditLog {
  constructor(private readonly orm: Orm) {}

  /** Hot path (every write request): a prepared statement, no entity metadata. */
  async append(e: AuditEntry): Promise<void> {
    await sql`${PREPARED}${auditInsert(e)}`.execute(currentDb(this.orm));
  }

  async listForMerchant(merchantId: string, page: PageRequest): Promise<Page<AuditEntry>> {
    const [records, total] = await currentEm(this.orm).findAndCount(
      AuditEntryRecord,
      { merchantId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: offsetOf(page), disableIdentityMap: true },
    );
    const items = records.map(
      (r): AuditEntry => ({
        id: r.id,
        actor: r.actor as AuditActor,
        apiKeyId: r.apiKeyId ?? null,
        merchantId: r.merchantId ?? null,
        method: r.method,
        path: r.path,
        status: r.status,
        errorCode: r.errorCode ?? null,
        address: r.address ?? null,
        userAgent: r.userAgent ?? null,
        requestId: r.requestId ?? null,
        createdAt: r.createdAt,
      }),
    );
    return { items, total, page: page.page, limit: page.limit };
  }
}
