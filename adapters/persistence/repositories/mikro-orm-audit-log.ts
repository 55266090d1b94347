import type { AuditActor, AuditEntry, AuditLog } from '../../../application/ports/audit-log.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { currentEm, type Orm } from '../orm.js';
import { AuditEntryRecord } from '../records/audit-entry.record.js';

export class MikroOrmAuditLog implements AuditLog {
  constructor(private readonly orm: Orm) {}

  async append(entry: AuditEntry): Promise<void> {
    await currentEm(this.orm).insert(AuditEntryRecord, { ...entry });
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
