import { sql } from 'kysely';
import type { AuditActor, AuditEntry, AuditLog } from '../../../application/ports/audit-log.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { currentDb, currentEm, type Orm } from '../orm.js';
import { AuditEntryRecord } from '../records/audit-entry.record.js';

/** The insert of one audit row; a sale's statement embeds it (`recordSale`). */
export const auditInsert = (e: AuditEntry) => sql`
  insert into audit_log (id, actor, api_key_id, merchant_id, method, path, status, error_code, address, user_agent, request_id, created_at)
  values (${e.id}::uuid, ${e.actor}::text, ${e.apiKeyId}::uuid, ${e.merchantId}::uuid, ${e.method}::text,
    ${e.path}::text, ${e.status}::int, ${e.errorCode}::text, ${e.address}::text, ${e.userAgent}::text, ${e.requestId}::text,
    ${e.createdAt}::timestamptz)`;

export class MikroOrmAuditLog implements AuditLog {
  constructor(private readonly orm: Orm) {}

  /** Every write request appends one: plain SQL, no entity metadata. */
  async append(e: AuditEntry): Promise<void> {
    await sql`${auditInsert(e)}`.execute(currentDb(this.orm));
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
