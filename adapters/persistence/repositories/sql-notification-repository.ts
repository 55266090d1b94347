import { sql } from 'kysely';
import type { NewNotification, Notification, NotificationRepository } from '../../../application/ports/notification-repository.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Mode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';
import { dateOrNull } from '../mappers/timestamps.js';

type NotificationRow = Row<'notifications'>;

const COLUMNS = sql.raw('id, merchant_id, mode, kind, message, created_at, read_at');

const fromRow = (r: NotificationRow): Notification => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  kind: r.kind,
  message: r.message,
  createdAt: new Date(r.created_at),
  readAt: dateOrNull(r.read_at),
});

/** Notices in plain SQL on the caller's transaction (a notice commits with what it tells of). */
export class SqlNotificationRepository implements NotificationRepository {
  constructor(private readonly orm: Orm) {}

  async insert(n: NewNotification): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`
      insert into notifications (id, merchant_id, mode, kind, message, created_at, once_key)
      values (${n.id}, ${n.merchantId}, ${n.mode ?? 'live'}, ${n.kind}, ${n.message}, ${n.createdAt}, ${n.once ?? null})
      on conflict (merchant_id, mode, once_key) where once_key is not null do nothing
      returning id`.execute(currentDb(this.orm));
    return rows.length > 0;
  }

  async listForMerchant(merchantId: string): Promise<readonly Notification[]> {
    const { rows } = await sql<NotificationRow>`
      select ${COLUMNS} from notifications where merchant_id = ${merchantId} order by created_at desc, id desc`.execute(currentDb(this.orm));
    return rows.map(fromRow);
  }

  async list(tenant: Tenant, page: PageRequest): Promise<Page<Notification>> {
    const [{ rows }, counted] = await Promise.all([
      sql<NotificationRow>`
        select ${COLUMNS} from notifications where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
        order by created_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(currentDb(this.orm)),
      sql<{ n: number }>`
        select count(*)::int as n from notifications where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`.execute(currentDb(this.orm)),
    ]);
    return { items: rows.map(fromRow), page: page.page, limit: page.limit, total: counted.rows[0]?.n ?? 0 };
  }

  async unreadCount(tenant: Tenant): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from notifications
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and read_at is null`.execute(currentDb(this.orm));
    return rows[0]?.n ?? 0;
  }

  async markRead(tenant: Tenant, which: { readonly ids: readonly string[] } | 'all', now: Date): Promise<number> {
    const only = which === 'all' ? null : which.ids;
    if (only !== null && only.length === 0) return 0;
    const { rows } = await sql<{ id: string }>`
      update notifications set read_at = ${now}
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and read_at is null
        and (${only === null} or id = any(${only ?? []}::uuid[]))
      returning id`.execute(currentDb(this.orm));
    return rows.length;
  }
}
